// A pro's payment account (spec: back-office 2 'Set Up Stripe Account', 'Check Status', 'Complete
// Setup'; 4 payment account states; 7 create-connect-account, check-connect-status; docs/design.md 5.7):
// a Connect Express account made once per pro (one idempotency key), its onboarding page opened
// by staff, and its state taken only from the gateway's word: the status check and the
// account.updated event, never from the browser.
import { and, eq, isNull } from 'drizzle-orm';
import type { LaundryPro } from '../../shared/schemas/laundry-pros';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { laundryPros } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { ConnectedAccount, PaymentGateway } from '../gateways/payment/payment-gateway';
import { GatewayError } from '../gateways/payment/payment-gateway';
import { getLaundryPro } from './laundry-pros.service';

/** spec: back-office 4 — the account can be paid once the provider enabled its payouts. */
export function accountEnabled(account: ConnectedAccount): boolean {
  return account.payoutsEnabled && account.detailsSubmitted;
}

async function loadPro(db: Db, proId: string) {
  const [pro] = await db.select().from(laundryPros).where(eq(laundryPros.id, proId));
  if (!pro) throw domainError('laundry_pro_not_found');
  return pro;
}

/** The gateway refused (its words follow the spec's toast) or did not answer, making or checking the account. */
function gatewayFailure(step: 'onboarding' | 'status', err: unknown): never {
  if (err instanceof GatewayError) throw domainError(step === 'onboarding' ? 'pro_onboarding_refused' : 'pro_status_refused', { reason: err.message });
  throw domainError(step === 'onboarding' ? 'pro_onboarding_unavailable' : 'pro_status_unavailable');
}

/**
 * spec: back-office 7 create-connect-account — the pro's account (made once: two clicks, or two
 * staff at once, reach the same account through its idempotency key) and a fresh onboarding link,
 * which staff open in a new tab ('Set Up Stripe Account', later 'Complete Setup').
 */
export async function startProOnboarding(db: Db, gateway: PaymentGateway, proId: string, ctx: { actor: Actor; publicUrl: string }): Promise<{ url: string; pro: LaundryPro }> {
  const pro = await loadPro(db, proId);
  let accountId = pro.stripeAccountId;
  if (!accountId) {
    if (!pro.email) throw domainError('pro_email_needed');
    const account = await gateway.createConnectedAccount({ email: pro.email, idempotencyKey: `laundry-pro:${pro.id}:connect-account` }).catch((err: unknown) => gatewayFailure('onboarding', err));
    await db.transaction(async (tx) => {
      const stored = await tx
        .update(laundryPros)
        .set({ stripeAccountId: account.id, accountEnabled: accountEnabled(account), updatedAt: new Date() })
        .where(and(eq(laundryPros.id, pro.id), isNull(laundryPros.stripeAccountId)))
        .returning({ id: laundryPros.id });
      if (stored.length === 1) await recordAudit(tx, ctx.actor, { action: 'laundry_pro.account_created', targetType: 'laundry_pro', targetId: pro.id, after: { accountId: account.id } });
    });
    accountId = (await loadPro(db, proId)).stripeAccountId!;
  }
  const back = `${ctx.publicUrl}/admin?tab=pros`;
  const { url } = await gateway.createOnboardingLink({ accountId, refreshUrl: back, returnUrl: back }).catch((err: unknown) => gatewayFailure('onboarding', err));
  return { url, pro: await getLaundryPro(db, proId) };
}

/** Records what the gateway says of an account: the pro whose account it is becomes ready, or not. */
export async function syncProAccount(db: DbOrTx, account: ConnectedAccount): Promise<boolean> {
  const updated = await db
    .update(laundryPros)
    .set({ accountEnabled: accountEnabled(account), updatedAt: new Date() })
    .where(eq(laundryPros.stripeAccountId, account.id))
    .returning({ id: laundryPros.id });
  return updated.length > 0;
}

/** spec: back-office 7 check-connect-status — asks the gateway, records its answer, and says whether onboarding is complete. */
export async function checkProAccount(db: Db, gateway: PaymentGateway, proId: string): Promise<{ onboardingComplete: boolean; pro: LaundryPro }> {
  const pro = await loadPro(db, proId);
  if (!pro.stripeAccountId) throw domainError('pro_no_account');
  const account = await gateway.retrieveConnectedAccount(pro.stripeAccountId).catch((err: unknown) => gatewayFailure('status', err));
  await syncProAccount(db, account);
  return { onboardingComplete: accountEnabled(account), pro: await getLaundryPro(db, proId) };
}
