// /send-invoice (spec: back-office 2 "Staff tools"): a manual invoice, emailed to a client. Guarded like /admin.
import { StaffPage } from '../../features/staff-session';
import { SendInvoiceForm, ToolPage } from '../../features/staff-tools';

export default function SendInvoicePage() {
  return (
    <StaffPage title="Send Invoice">
      {() => (
        <ToolPage title="Send Invoice" intro="Bill a client by weight, add-ons or your own lines; the invoice goes to them by email." wide>
          <SendInvoiceForm />
        </ToolPage>
      )}
    </StaffPage>
  );
}
