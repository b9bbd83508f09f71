// The /admin guard. spec: back-office 4 (admin session): on load the user must be an enabled admin
// or master_admin, otherwise signed out and sent to /admin/login; an error in the check also sends
// them there. A staff call refused later (session ended, access disabled) does the same.
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, LogOut, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { sessionKeys, useAdminMe, type AdminUser } from './session-api';
import { errorMessage, signOut } from './auth-api';
import { forgetTemporaryPassword } from './temporary-password';
import { accessDeniedToast, accessDisabledToast, isSessionError } from './session';

export type AdminSession =
  | { state: 'loading' }
  | { state: 'set-password'; user: AdminUser }
  | { state: 'ready'; user: AdminUser };

export function useAdminSession(): AdminSession {
  const me = useAdminMe();
  const client = useQueryClient();
  const navigate = useNavigate();
  const handled = useRef<unknown>(null);

  // a staff call refused for the session's sake: check the session again, the guard decides
  useEffect(() => {
    const recheck = (error: unknown, key?: readonly unknown[]) => {
      if (key && key[1] === 'me') return;
      if (isSessionError(error)) void client.invalidateQueries({ queryKey: sessionKeys.me });
    };
    const offQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error, event.query.queryKey);
    });
    const offMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [client]);

  const error = me.error;
  useEffect(() => {
    if (!error || handled.current === error) return;
    handled.current = error;
    const code = error instanceof ApiRequestError ? error.error.code : '';
    const leave = async (withSignOut: boolean) => {
      if (withSignOut) await signOut().catch(() => undefined);
      client.removeQueries({ queryKey: ['admin'] });
      navigate('/admin/login', { replace: true });
    };
    if (code === 'access_denied') {
      accessDeniedToast();
      void leave(true);
    } else if (code === 'access_disabled') {
      accessDisabledToast();
      void leave(true);
    } else if (code === 'not_authenticated') {
      void leave(false);
    } else {
      toast.error('Could not check your access', { description: errorMessage(error) });
      void leave(false);
    }
  }, [error, client, navigate]);

  if (!me.data || me.isError) return { state: 'loading' };
  return me.data.user.mustChangePassword ? { state: 'set-password', user: me.data.user } : { state: 'ready', user: me.data.user };
}

export function AdminLoading() {
  return <PageLoading label="Loading admin dashboard..." />;
}

/** Logout. spec: back-office 8: 'Logged Out' / 'You have been logged out successfully'; failure 'Logout Error'. */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    try {
      await signOut();
      forgetTemporaryPassword();
      toast.success('Logged Out', { description: 'You have been logged out successfully' });
      client.removeQueries({ queryKey: ['admin'] });
      navigate('/admin/login', { replace: true });
    } catch (error) {
      toast.error('Logout Error', { description: errorMessage(error) });
      setPending(false);
    }
  };
  return { logout, pending };
}

export function LogoutButton({ className, variant = 'outline' }: { className?: string; variant?: 'outline' | 'ghost' | 'link' }) {
  const { logout, pending } = useLogout();
  return (
    <Button type="button" size="sm" variant={variant} disabled={pending} onClick={() => void logout()} className={className}>
      {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <LogOut aria-hidden="true" />}
      Logout
    </Button>
  );
}

/** The bar under the header: 'Admin Access - Authenticated', who is signed in, Logout. */
export function AuthenticatedBar({ user }: { user: AdminUser }) {
  return (
    <div className="border-b border-green-200 bg-green-50">
      <div className="mx-auto flex max-w-[96rem] flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
        <p className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-0.5 text-sm">
          <span className="inline-flex basis-full items-center gap-1.5 font-semibold text-green-900 sm:basis-auto">
            <ShieldCheck className="size-4" aria-hidden="true" />
            Admin Access - Authenticated
          </span>
          <span className="min-w-0 wrap-anywhere text-slate-700">
            <span className="sr-only">Signed in as </span>
            {user.email}
          </span>
        </p>
        <LogoutButton className="bg-white" />
      </div>
    </div>
  );
}
