import { Ban, CircleCheck, Clock, ShieldCheck } from 'lucide-react';
import { Badge as BaseBadge } from '../../components/ui/badge';
import type { ComponentProps } from 'react';
import type { AdminUser } from './staff-users-api';

// a badge never wraps inside itself
function Badge(props: ComponentProps<typeof BaseBadge>) {
  return <BaseBadge {...props} className="whitespace-nowrap" />;
}

export const roleLabels: Record<AdminUser['role'], string> = { admin: 'Admin', master_admin: 'Master admin' };

export function RoleBadge({ role }: { role: AdminUser['role'] }) {
  return role === 'master_admin' ? (
    <Badge variant="default">
      <ShieldCheck className="size-3.5" aria-hidden="true" />
      {roleLabels[role]}
    </Badge>
  ) : (
    <Badge variant="secondary">{roleLabels[role]}</Badge>
  );
}

/** The word says the status; the colour and icon only repeat it. */
export function StatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <Badge variant="destructive">
      <Ban className="size-3.5" aria-hidden="true" />
      Disabled
    </Badge>
  ) : (
    <Badge variant="success">
      <CircleCheck className="size-3.5" aria-hidden="true" />
      Enabled
    </Badge>
  );
}

export function TemporaryPasswordBadge() {
  return (
    <Badge variant="warning">
      <Clock className="size-3.5" aria-hidden="true" />
      Temporary password
    </Badge>
  );
}
