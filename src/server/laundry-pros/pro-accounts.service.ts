// A pro's payment account (spec: back-office 2 'Set Up Stripe Account', 'Check Status', 'Complete
// Setup'; 4 payment account states; 7 create-connect-account, check-connect-status; docs/design.md 5.7):
// a Connect Express account made once per pro (one idempotency key), its onboarding page opened
// by staff, and its state taken only from the gateway's word: the status check and the
// account.updated event, never from the browser.
import { and, eq, isNull } from 'drizzle-orm';
import type { LaundryPro } from '../../shared/schemas/laundry-pros';
import { audit, type Actor } from '../admins/audit';
import type { Db, DbOrTx } from '../db/client';
import { laundryPros } from '../db/schema';
import { DomainError, NotFoundError } from '../errors';
import type { ConnectedAccount, PaymentGateway } from '../gateways/payment/payment-gateway';
import { GatewayError } from '../gateways/payment/payment-gateway';
import { getLaundryPro, proServiceMessages } from './laundry-pros.service';

export const proAccountMessages = {
  emailNeeded: "Add the pro's email first: the payment provider's setup is in their name.",
  noAccount: 'This pro has no payment account yet. Set it up first.',
  createFailed: 'Failed to create Stripe onboarding link.',
  checkFailed: 'Failed to check account status.',
} as const;

/** spec: back-office 4 — the account can be paid once the provider enabled its payouts. */
export function accountEnabled(account: ConnectedAccount): boolean {
  return account.payoutsEnabled && account.detailsSubmitted;
}

async function loadPro(db: Db, proId: string) {
  const [pro] = await db.select().from(laundryPros).where(eq(laundryPros.id, proId));
  if (!pro) throw new NotFoundError(proServiceMessages.notFound);
  return pro;
}

function gatewayFailure(message: string, err: unknown): never {
  if (err instanceof GatewayError) throw new DomainError(409, 'gateway_refused', `${message} ${err.message}`);
  throw new DomainError(409, 'gateway_unavailable', `${message} The payment provider did not answer. Please try again in a moment.`);
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
    if (!pro.email) throw new DomainError(409, 'pro_email_needed', proAccountMessages.emailNeeded, { email: proAccountMessages.emailNeeded });
    const account = await gateway.createConnectedAccount({ email: pro.email, idempotencyKey: `laundry-pro:${pro.id}:connect-account` }).catch((err: unknown) => gatewayFailure(proAccountMessages.createFailed, err));
    await db.transaction(async (tx) => {
      const stored = await tx
        .update(laundryPros)
        .set({ stripeAccountId: account.id, accountEnabled: accountEnabled(account), updatedAt: new Date() })
        .where(and(eq(laundryPros.id, pro.id), isNull(laundryPros.stripeAccountId)))
        .returning({ id: laundryPros.id });
      if (stored.length === 1) await audit(tx, ctx.actor, { action: 'laundry_pro.account_created', targetType: 'laundry_pro', targetId: pro.id, after: { accountId: account.id } });
    });
    accountId = (await loadPro(db, proId)).stripeAccountId!;
  }
  const back = `${ctx.publicUrl}/admin?tab=pros`;
  const { url } = await gateway.createOnboardingLink({ accountId, refreshUrl: back, returnUrl: back }).catch((err: unknown) => gatewayFailure(proAccountMessages.createFailed, err));
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
  if (!pro.stripeAccountId) throw new DomainError(409, 'pro_no_account', proAccountMessages.noAccount);
  const account = await gateway.retrieveConnectedAccount(pro.stripeAccountId).catch((err: unknown) => gatewayFailure(proAccountMessages.checkFailed, err));
  await syncProAccount(db, account);
  return { onboardingComplete: accountEnabled(account), pro: await getLaundryPro(db, proId) };
}
