// The staff tools' toasts (spec: back-office 8, "Staff tools"): a form refused in the browser says
// what is wrong with the spec's title; a refusal from the server is 'Error' with its message, or the
// tool's own sentence when there is none; the server's field messages go beside their fields.
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import type { ToolProblem } from './form-read';

export function showProblem(problem: ToolProblem) {
  toast.error(problem.title, { description: problem.message });
}

/** Toasts the failure and hands the server's field messages (by the request's keys) to `onFields`. */
export function showSendError(error: Error, fallback: string, onFields: (fields: Record<string, string>) => void) {
  if (error instanceof ApiRequestError) onFields(error.fields);
  toast.error('Error', { description: error.message.trim() || fallback });
}

// spec: back-office 8, when the failure has no message of its own
export const sendFailures = {
  terms: 'Failed to send terms and conditions email.',
  invoice: 'Failed to send invoice. Please try again.',
  subscription: 'Failed to send subscription invoice. Please try again.',
} as const;
