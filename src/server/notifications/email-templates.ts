// The email templates, loaded with the first email the server renders rather than at boot: React
// Email's components (and the syntax highlighter they bring along) take about half a second to
// load, which every start paid before its first request (docs/decisions/007).
import type * as templates from '../../../emails/render';
import type { RenderedEmail } from '../../../emails/render';

type Templates = typeof templates;

let loading: Promise<Templates> | undefined;

function lazy<K extends keyof Templates>(name: K): Templates[K] {
  const render = async (data: never): Promise<RenderedEmail> => {
    loading ??= import('../../../emails/render');
    return ((await loading)[name] as (data: never) => Promise<RenderedEmail>)(data);
  };
  return render as Templates[K];
}

export const renderBookingConfirmation = lazy('renderBookingConfirmation');
export const renderAbandonedForBusiness = lazy('renderAbandonedForBusiness');
export const renderAbandonedForCustomer = lazy('renderAbandonedForCustomer');
export const renderContactMessage = lazy('renderContactMessage');
export const renderBookingCancelled = lazy('renderBookingCancelled');
export const renderFinalReceipt = lazy('renderFinalReceipt');
export const renderDeliveryConfirmation = lazy('renderDeliveryConfirmation');
