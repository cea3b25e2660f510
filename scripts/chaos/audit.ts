/**
 * The chaos run's audit: the bench's books and the purchase checks of one pack, plus what only faults can break:
 * purchases charged but never seen by their buyer, mails lost, card charges and credits that disagree, and a shop
 * that did not serve again in time after a fault.
 */
import { stockAndLedgerChecks, type Check } from '../lib/bench-audit.ts';
import { purchaseChecks } from '../lib/database-audit.ts';
import { paymentChecks } from './fake-provider.ts';
import { backAfter, type MailBooks, type Phase } from './report.ts';
import type { Rush } from './rush.ts';

export interface ChaosFacts {
  url: string;
  packId: number;
  tickets: number;
  price: number;
  rush: Rush;
  mail: MailBooks;
  phases: Phase[];
  recoverWithinS: number;
  fake: Parameters<typeof paymentChecks>[1];
  unexpectedExits: string[];
}

export async function chaosChecks(f: ChaosFacts): Promise<Check[]> {
  const { checks, sold } = await stockAndLedgerChecks(f.url, f.packId, f.tickets, f.price);
  checks.push(...(await purchaseChecks(f.url, f.packId)));
  const retried = f.rush.outcomes.filter((o) => o.op === 'buy' && o.retried).length;
  checks.push([
    'every purchase charged reached its buyer (retrying the same token)',
    sold.purchases === f.rush.purchasesSeen && sold.cards === f.rush.cardsSeen,
    `db ${sold.purchases}, buyers saw ${f.rush.purchasesSeen}, ${retried} of them only on a retry`,
  ]);
  const m = f.mail;
  const lost = m.rows - m.delivered - m.queued;
  checks.push([
    'no mail lost (every outbox mail delivered or still queued)',
    lost === 0,
    `${m.rows} in the outbox: ${m.delivered} delivered, ${m.queued} queued, ${lost} lost; ${m.how}; ` +
      `${f.rush.mailsAccepted} reset requests answered 200`,
  ]);
  const backs = f.phases
    .filter((p) => p.faultEnd !== undefined)
    .map((p) => [p.name, backAfter(p, f.rush.outcomes)] as const);
  checks.push([
    `the shop served again within ${f.recoverWithinS} s of each fault's end`,
    backs.every(([, b]) => b !== null && b <= f.recoverWithinS),
    backs.map(([n, b]) => `${n}: ${b === null ? 'not back' : `${b.toFixed(1)} s`}`).join(', '),
  ]);
  checks.push(...(await paymentChecks(f.url, f.fake)));
  checks.push([
    'no server died of a fault (every exit was one the run caused)',
    f.unexpectedExits.length === 0,
    f.unexpectedExits.join('; ') || 'none',
  ]);
  return checks;
}
