// The Admin Users tab: every admin and master_admin, newest first (the server orders); a
// master_admin creates admins, resets their passwords and enables or disables them.
// spec: back-office 2 (Admin Users tab), 5 (create admin), 6, 8 (the admin toasts)
import { Info, KeyRound, LoaderCircle, ShieldOff, ShieldPlus, UserPlus, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../lib/toast';
import { useAdmins, useResetAdminPassword, useSetAdminStatus, type AdminUser } from './staff-users-api';
import { RoleBadge, StatusBadge, TemporaryPasswordBadge } from './admin-badges';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CreateAdminForm } from './create-admin-form';
import { formatDate } from '../../lib/format';
import { TemporaryPasswordPanel, type OneTimePassword } from './temporary-password-panel';
import { RefreshButton, Loading, LoadFailed, useLoadErrorToast } from '../../components/ui/query-state';
import { EmptyState, Table } from '../../components/ui/table';

const columns = ['Admin', 'Role', 'Status', 'Created'];

type Pending = { kind: 'disable' | 'reset'; admin: AdminUser };

/** The admin's email (and "(you)" on one's own), with the full name beneath when there is one. */
function AdminName({ admin, me }: { admin: AdminUser; me: AdminUser }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="font-semibold wrap-anywhere">
        {admin.email}
        {admin.id === me.id ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
      </span>
      {admin.fullName && admin.fullName !== admin.email ? <span className="text-sm text-slate-700">{admin.fullName}</span> : null}
    </div>
  );
}

export function AdminUsersTab({ me }: { me: AdminUser }) {
  const canManage = me.role === 'master_admin';
  const admins = useAdmins();
  const setStatus = useSetAdminStatus();
  const resetPassword = useResetAdminPassword();
  const [oneTime, setOneTime] = useState<OneTimePassword | null>(null);
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusPanelAfterDialog = useRef(false);

  useLoadErrorToast('Error Loading Admins', admins.error);

  const changeStatus = (admin: AdminUser, disabled: boolean) => {
    setStatus.mutate(
      { id: admin.id, disabled },
      {
        onSuccess: () => toast.success('Admin Status Updated', { description: disabled ? 'Admin disabled successfully.' : 'Admin enabled successfully.' }),
        onError: (error) => toast.error('Error Updating Admin', { description: error.message }),
        onSettled: () => setConfirming(null),
      },
    );
  };

  const resetFor = (admin: AdminUser) => {
    resetPassword.mutate(
      { id: admin.id },
      {
        onSuccess: (result) => {
          focusPanelAfterDialog.current = true;
          setOneTime({ email: admin.email, password: result.temporaryPassword, reason: 'reset' });
          toast.success('Password Reset', { description: `Send the new temporary password to ${admin.email} securely.` });
        },
        onError: (error) => toast.error('Error Resetting Password', { description: error.message }),
        onSettled: () => setConfirming(null),
      },
    );
  };

  const onConfirm = () => {
    if (!confirming) return;
    if (confirming.kind === 'disable') changeStatus(confirming.admin, true);
    else resetFor(confirming.admin);
  };

  const rowActions = (admin: AdminUser) => {
    if (!canManage) return null;
    if (admin.id === me.id) return <span className="text-sm text-muted-foreground">Your account</span>;
    const statusBusy = setStatus.isPending && setStatus.variables?.id === admin.id;
    return (
      <div className="flex flex-wrap gap-2 xl:flex-nowrap">
        {admin.disabled ? (
          <Button size="sm" variant="outline" disabled={statusBusy} onClick={() => changeStatus(admin, false)}>
            {statusBusy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <ShieldPlus aria-hidden="true" />}
            Enable<span className="sr-only"> {admin.email}</span>
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled={statusBusy} onClick={() => setConfirming({ kind: 'disable', admin })}>
            <ShieldOff aria-hidden="true" />
            Disable<span className="sr-only"> {admin.email}</span>
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => setConfirming({ kind: 'reset', admin })}>
          <KeyRound aria-hidden="true" />
          Reset Password<span className="sr-only"> for {admin.email}</span>
        </Button>
      </div>
    );
  };

  const list = admins.data ?? [];
  return (
    <div className="flex flex-col gap-6">
      {canManage ? (
        <Card className="rounded-xl p-4 sm:p-6">
          <div className="mb-4 flex items-start gap-3">
            <UserPlus className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
            <div>
              <h2 className="text-lg font-bold">Create Admin</h2>
              <p className="text-sm text-muted-foreground">They get a temporary password, shown once here, and choose their own at the first sign-in.</p>
            </div>
          </div>
          <CreateAdminForm onCreated={setOneTime} />
        </Card>
      ) : (
        <p className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Only master admins manage admins: creating them, resetting their passwords, and enabling or disabling their access. You can see the list.
        </p>
      )}

      {oneTime ? (
        <div ref={panelRef}>
          <TemporaryPasswordPanel
            value={oneTime}
            onDone={() => {
              setOneTime(null);
              listHeadingRef.current?.focus();
            }}
          />
        </div>
      ) : null}

      <Card className="overflow-hidden rounded-xl">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
          <div className="flex items-start gap-3">
            <Users className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
            <div>
              <h2 ref={listHeadingRef} tabIndex={-1} className="text-lg font-bold focus:outline-none">
                Admin Users{admins.data ? ` (${list.length})` : ''}
              </h2>
              <p className="text-sm text-muted-foreground">Everyone who can sign in to the back office, newest first.</p>
            </div>
          </div>
          <RefreshButton query={admins} />
        </div>

        {admins.isPending ? (
          <Loading>Loading admins...</Loading>
        ) : admins.isError ? (
          <LoadFailed title="Error Loading Admins" query={admins} />
        ) : list.length === 0 ? (
          <EmptyState>No admins yet.</EmptyState>
        ) : (
          <>
            {/* phones and small tablets: one card per admin */}
            <ul className="divide-y divide-slate-200 lg:hidden">
              {list.map((admin) => (
                <li key={admin.id} className="flex flex-col gap-2 p-4">
                  <AdminName admin={admin} me={me} />
                  <div className="flex flex-wrap items-center gap-2">
                    <RoleBadge role={admin.role} />
                    <StatusBadge disabled={admin.disabled} />
                    {admin.mustChangePassword ? <TemporaryPasswordBadge /> : null}
                  </div>
                  <p className="text-xs text-muted-foreground">Created {formatDate(admin.createdAt)}</p>
                  {rowActions(admin)}
                </li>
              ))}
            </ul>
            {/* wider screens: a table, the name and email in one cell so that it fits without a sideways scroll */}
            <Table caption="Admin users, newest first" columns={canManage ? [...columns, 'Actions'] : columns} frameClassName="hidden lg:block">
              {list.map((admin) => (
                <tr key={admin.id} className="align-middle">
                  <td className="max-w-96 px-6 py-3">
                    <AdminName admin={admin} me={me} />
                  </td>
                  <td className="px-3 py-3">
                    <RoleBadge role={admin.role} />
                  </td>
                  <td className="px-3 py-3">
                    <div className="flex flex-wrap gap-1.5">
                      <StatusBadge disabled={admin.disabled} />
                      {admin.mustChangePassword ? <TemporaryPasswordBadge /> : null}
                    </div>
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDate(admin.createdAt)}</td>
                  {canManage ? <td className="py-3 pr-6 pl-3">{rowActions(admin)}</td> : null}
                </tr>
              ))}
            </Table>
          </>
        )}
      </Card>

      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'reset' ? 'Reset password' : 'Disable admin'}
        description={
          confirming?.kind === 'reset'
            ? `Reset the password of ${confirming.admin.email}? Their current password stops working and they are signed out at once. You get a new temporary password to send them.`
            : `Disable ${confirming?.admin.email ?? ''}? They will be signed out at once.`
        }
        confirmLabel={confirming?.kind === 'reset' ? 'Reset Password' : 'Disable'}
        pendingLabel={confirming?.kind === 'reset' ? 'Resetting...' : 'Disabling...'}
        pending={setStatus.isPending || resetPassword.isPending}
        destructive
        onConfirm={onConfirm}
        onCancel={() => setConfirming(null)}
        onCloseAutoFocus={(event) => {
          if (!focusPanelAfterDialog.current) return;
          focusPanelAfterDialog.current = false;
          event.preventDefault();
          panelRef.current?.querySelector<HTMLElement>('h2')?.focus();
        }}
      />
    </div>
  );
}
