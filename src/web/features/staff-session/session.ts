// The staff session's refusals, worded as the spec's catalogue (spec: back-office 8).
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';

export const accessDeniedToast = () => toast.error('Access Denied', { description: 'Admin privileges required' });
export const accessDisabledToast = () => toast.error('Access Disabled', { description: 'Your admin access has been disabled' });

/** The guard's answers that mean "this session may not be here any more". */
export const sessionErrorCodes = ['not_authenticated', 'access_denied', 'access_disabled', 'password_change_required'] as const;

export function isSessionError(error: unknown): boolean {
  return error instanceof ApiRequestError && (sessionErrorCodes as readonly string[]).includes(error.error.code);
}
