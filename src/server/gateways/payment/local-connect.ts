// The local gateway's connected accounts (the pros' payout accounts), their onboarding and the
// transfers to them, as Stripe Connect behaves in test mode.
import type { LocalCore } from './local-gateway-core';
import { id, intentIdOfCharge, type StoredAccount, type StoredIntent } from './local-gateway-objects';
import { GatewayError, type ConnectedAccount, type PaymentGateway, type Transfer } from './payment-gateway';

type ConnectPart = Pick<PaymentGateway, 'createConnectedAccount' | 'createOnboardingLink' | 'retrieveConnectedAccount' | 'transfer' | 'findTransfer'> & {
  completeOnboarding(accountId: string): Promise<ConnectedAccount>;
};

export function localConnect(core: LocalCore): ConnectPart {
  const { db, get, put, must, idempotent, transact, findByOperationKey } = core;
  return {
    async createConnectedAccount({ email, idempotencyKey }) {
      return idempotent(`account:${idempotencyKey}`, async (tx) => {
        const account: StoredAccount = { id: id('acct'), email, chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false };
        await put(tx, 'account', account);
        const { email: _email, ...rest } = account;
        return rest;
      });
    },

    async createOnboardingLink({ accountId, refreshUrl, returnUrl }) {
      await must<StoredAccount>(db, 'account', accountId);
      const q = new URLSearchParams({ return_url: returnUrl, refresh_url: refreshUrl });
      return { url: `${core.publicUrl}/dev/connect/${accountId}?${q}` };
    },

    async retrieveConnectedAccount(accountId) {
      const { email: _email, ...account } = await must<StoredAccount>(db, 'account', accountId);
      return account;
    },

    async transfer(input) {
      return idempotent(`transfer:${input.idempotencyKey}`, async (tx): Promise<Transfer> => {
        const account = await must<StoredAccount>(tx, 'account', input.accountId);
        if (!account.payoutsEnabled) throw new GatewayError('The destination account has not finished onboarding.', 'account_invalid');
        if (!Number.isInteger(input.amountCents) || input.amountCents < 1) throw new GatewayError('Transfer amount must be positive.', 'amount_too_small');
        if (input.sourceTransaction) {
          // as Stripe: the source is a captured charge, and transfers take at most what it kept
          const intentId = intentIdOfCharge(input.sourceTransaction);
          const source = intentId ? await get<StoredIntent>(tx, 'payment_intent', intentId, true) : null;
          if (!source) throw new GatewayError(`No such charge: '${input.sourceTransaction}'`, 'resource_missing');
          if (source.status !== 'succeeded') throw new GatewayError('The source transaction has not been captured.', 'invalid_request_error');
          const available = source.amountReceived - source.amountRefunded - (source.transferredCents ?? 0);
          if (input.amountCents > available) throw new GatewayError('Insufficient funds in the source transaction for this transfer.', 'balance_insufficient');
          await put(tx, 'payment_intent', { ...source, transferredCents: (source.transferredCents ?? 0) + input.amountCents });
        }
        const transfer = { id: id('tr'), accountId: input.accountId, amount: input.amountCents, description: input.description, metadata: input.metadata, sourceTransaction: input.sourceTransaction ?? null };
        await put(tx, 'transfer', transfer);
        return { id: transfer.id, accountId: transfer.accountId, amount: transfer.amount };
      });
    },

    async findTransfer({ accountId, operationKey }) {
      const found = await findByOperationKey<Transfer>(db, 'transfer', operationKey, ['accountId', accountId]);
      return found ? { id: found.id, accountId: found.accountId, amount: found.amount } : null;
    },

    async completeOnboarding(accountId) {
      const account = await transact(async (tx, emit) => {
        const found = await must<StoredAccount>(tx, 'account', accountId, true);
        const enabled: StoredAccount = { ...found, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true };
        await put(tx, 'account', enabled);
        emit('account.updated', { id: accountId, object: 'account' });
        return enabled;
      });
      const { email: _email, ...rest } = account;
      return rest;
    },
  };
}
