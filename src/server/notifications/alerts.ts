// Alerts to the business (decision 061): an email to the notices address in Settings, once per
// incident. The incident's name is the outbox's dedupe key, so a job that finds the same trouble
// every round queues one email, not one a round.
import type { SystemAlertProps } from '../../../emails/system-alert';
import type { DbOrTx } from '../db/client';
import { businessNoticesAddress } from './notifications.service';
import { queueEmail } from './send-email';

export async function queueSystemAlert(tx: DbOrTx, incident: string, alert: SystemAlertProps): Promise<void> {
  await queueEmail(tx, 'systemAlert', alert, { to: await businessNoticesAddress(tx), dedupeKey: `alert:${incident}` });
}
