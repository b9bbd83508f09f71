// /pro/confirm-email (decision 041): staff changed the email on the pro's profile, and the link sent
// to the new address lands here. Pressing Confirm makes it the pro's sign-in (once, within a day);
// the server's refusal (an expired or used link, an address another account holds) is shown as it
// words it. Until then the pro keeps signing in with their old email.
import { CircleCheck, LinkIcon, LoaderCircle, MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { useConfirmProEmail } from './pro-portal-api';

const incompleteLink = 'This confirmation link is incomplete. Open the link from the email again.';

export function ProEmailConfirmCard({ token }: { token: string }) {
  const confirm = useConfirmProEmail();
  const done = confirm.data?.email;
  const refusal = !token ? incompleteLink : confirm.error?.message;
  const icon = done ? <CircleCheck className="size-6" aria-hidden="true" /> : refusal ? <LinkIcon className="size-6" aria-hidden="true" /> : <MailCheck className="size-6" aria-hidden="true" />;
  return (
    <Card className="w-full max-w-md rounded-xl">
      <CardHeader className="items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-900 text-white">{icon}</span>
        <h1 className="text-2xl font-bold tracking-tight">{done ? 'Your new email is confirmed' : 'Confirm your new email'}</h1>
        {done || refusal ? null : <CardDescription>Your email on your profile was changed to the address this link was sent to. Confirm it to sign in to the Pro Portal with it.</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-center">
        {done ? (
          <>
            <p role="status" className="text-sm text-slate-700">
              Sign in with <span className="font-semibold wrap-anywhere text-slate-900">{done}</span> and your password from now on. You were signed out everywhere.
            </p>
            <Button asChild>
              <Link to="/pro">Sign In</Link>
            </Button>
          </>
        ) : (
          <>
            {refusal ? (
              <p role="alert" className="text-sm text-red-700">
                {refusal}
              </p>
            ) : null}
            {token && !confirm.error ? (
              <Button onClick={() => confirm.mutate(token)} disabled={confirm.isPending}>
                {confirm.isPending ? (
                  <>
                    <LoaderCircle aria-hidden="true" className="animate-spin" />
                    Confirming...
                  </>
                ) : (
                  'Confirm New Email'
                )}
              </Button>
            ) : null}
            <Button asChild variant="link">
              <Link to="/pro">Back to Sign In</Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
