// /send-terms (spec: back-office 2 "Staff tools"): email the terms to a client. Guarded like /admin.
import { StaffPage } from '../../features/staff-session';
import { SendTermsForm, ToolPage } from '../../features/staff-tools';

export default function SendTermsPage() {
  return (
    <StaffPage title="Send Terms">
      {() => (
        <ToolPage title="Send Terms" intro="Email the terms and conditions to a client.">
          <SendTermsForm />
        </ToolPage>
      )}
    </StaffPage>
  );
}
