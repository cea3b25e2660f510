import { AppError } from '../../app-error.ts';

/**
 * Per-instance request budgets of the waiting room (issue 22 §2): a fixed one-minute window per key. They bound
 * what one member or one address costs the database; they are not a fairness rule (the queue order is), so one
 * instance's own count is enough: with n instances behind a balancer a client gets at most n times the budget.
 */
export class MinuteBudget {
  private window = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly perMinute: number,
    /** A bound on remembered keys (addresses come from outside): past it the window starts afresh. */
    private readonly maxKeys = 200_000,
  ) {}

  /** Counts one request of `key` at `nowMs`; false once the key has used its minute. */
  take(key: string, nowMs: number): boolean {
    const w = Math.floor(nowMs / 60_000);
    if (w !== this.window || this.counts.size >= this.maxKeys) {
      this.window = w;
      this.counts = new Map();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n <= this.perMinute;
  }
}

/** Each member's budget per minute: a page polls every few seconds, tabs add up; a bot loop does not fit. */
export const MEMBER_JOINS_PER_MINUTE = 10;
export const MEMBER_STATUS_PER_MINUTE = 120;

export interface DropBudgets {
  joinsByMember: MinuteBudget;
  joinsByAddress: MinuteBudget;
  statusByMember: MinuteBudget;
  statusByAddress: MinuteBudget;
}

export function createDropBudgets(c: { joinsPerAddressPerMinute: number; statusPerAddressPerMinute: number }) {
  return {
    joinsByMember: new MinuteBudget(MEMBER_JOINS_PER_MINUTE),
    joinsByAddress: new MinuteBudget(c.joinsPerAddressPerMinute),
    statusByMember: new MinuteBudget(MEMBER_STATUS_PER_MINUTE),
    statusByAddress: new MinuteBudget(c.statusPerAddressPerMinute),
  } satisfies DropBudgets;
}

export const tooManyRequests = () => new AppError('rate_limited', { general: ['dropTooManyRequests'] }, 'rate_limited');

/** Takes one request from the member's and the address's budgets (real time: a budget is about load, not rules). */
export function spend(byMember: MinuteBudget, byAddress: MinuteBudget, memberId: number, address: string): void {
  const now = Date.now();
  // Both are counted, so a member refused for the address still spends their own budget and cannot loop freely.
  const memberOk = byMember.take(String(memberId), now);
  const addressOk = byAddress.take(address, now);
  if (!memberOk || !addressOk) throw tooManyRequests();
}
