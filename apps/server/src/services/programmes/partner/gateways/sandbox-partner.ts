import type { Database } from '../../../../db/database.ts';
import {
  debitSandboxPartnerBalance,
  findSandboxPartnerAccount,
  recordSandboxPartnerDebit,
  sandboxPartnerBalance,
} from '../../../../db/queries/sandbox-partner.ts';
import { withTransaction } from '../../../../db/transaction.ts';
import { verifyPassword } from '../../../passwords.ts';
import { sameTel, type PartnerDebitOutcome, type PartnerGateway } from './gateway.ts';

/** Rolls the key's record back with the refused debit, so it is not remembered as done. */
class Refused extends Error {}

/**
 * The built-in partner of development, demo and tests: accounts and balances in sandbox_partner_accounts; a debit
 * is recorded under its idempotency key in the same transaction, so a repeated key never debits twice.
 */
export class SandboxPartnerGateway implements PartnerGateway {
  constructor(
    private readonly db: Database,
    private readonly siteId: number,
  ) {}

  async login(input: { loginid: string; password: string; tel: string }) {
    const account = await findSandboxPartnerAccount(this.db.pool, this.siteId, input.loginid);
    if (!account || !(await verifyPassword(account.pass_hash, input.password))) return null;
    return sameTel(account.tel, input.tel) ? { account: account.loginid } : null;
  }

  async balance(account: string) {
    return sandboxPartnerBalance(this.db.pool, this.siteId, account);
  }

  async debit(input: { account: string; point: number; idempotencyKey: string }): Promise<PartnerDebitOutcome> {
    try {
      return await withTransaction(this.db, async (tx): Promise<PartnerDebitOutcome> => {
        // The key first: a concurrent repeat waits on it, then finds it taken and answers the first outcome.
        const fresh = await recordSandboxPartnerDebit(
          tx,
          this.siteId,
          input.account,
          input.point,
          input.idempotencyKey,
        );
        if (!fresh) return { status: 'done' };
        if (!(await debitSandboxPartnerBalance(tx, this.siteId, input.account, input.point))) throw new Refused();
        return { status: 'done' };
      });
    } catch (err) {
      if (err instanceof Refused) return { status: 'refused', reason: 'insufficient_balance' };
      throw err;
    }
  }
}
