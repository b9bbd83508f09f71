// /send-subscription-invoice (spec: back-office 2 "Staff tools"): a monthly subscription and its
// first invoice, emailed to a client. Guarded like /admin.
import { StaffPage } from '../../features/staff-session';
import { SendSubscriptionForm, ToolPage } from '../../features/staff-tools';

export default function SendSubscriptionInvoicePage() {
  return (
    <StaffPage title="Subscription Invoice">
      {() => (
        <ToolPage title="Subscription Invoice" intro="Set up a client's monthly subscription and email them its invoice." wide>
          <SendSubscriptionForm />
        </ToolPage>
      )}
    </StaffPage>
  );
}
