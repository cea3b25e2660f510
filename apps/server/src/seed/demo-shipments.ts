import type { ShipmentStatus } from '@oripa/core/admin';
import type { AppContext } from '../context.ts';
import { markMailVerified } from '../db/queries/mail-verifications.ts';
import { updateAddress } from '../db/queries/members.ts';
import { anyShipmentExists, purchaseCardIds, shipmentOfPurchase } from '../db/queries/seed.ts';
import { findStaffByMail } from '../db/queries/staff.ts';
import { withTransaction } from '../db/transaction.ts';
import { moveShipments } from '../services/admin/fulfilment/moves.ts';
import { grantPoints } from '../services/ledger.ts';
import { insertMember } from '../services/members.ts';
import { decide } from '../services/packs/decision.ts';
import { listPacks } from '../services/packs/pack-catalog.ts';
import { buyWithToken, checkPurchase } from '../services/packs/purchase.ts';
import { DEMO_OWNER } from './demo-owner.ts';

/**
 * Demo parcels for the console's fulfilment queue (issue 10), so `npm start` opens it with work in every column:
 * demo members buy from a demo pack and choose to ship what they drew, through the same services as a member's
 * purchase and decision (checkPurchase → buyWithToken → decide, which groups the cards into one shipment per member
 * and address); the demo owner then moves some along through the console's own moveShipments, which checks each
 * move, records the timeline and the audit row, and mails the member at 発送済み (the sandbox outbox in
 * development). Nothing is written around those rules.
 */
interface DemoShipper {
  lastName: string;
  firstName: string;
  mail: string;
  draws: number;
  address: { zipcode: string; pref_id: number; shiku: string; address: string; building: string };
  /** The moves the demo owner makes, in order (none: still 発送準備中). */
  moves: { to: ShipmentStatus; tracking?: string; note?: string }[];
}

export const DEMO_SHIPPERS: readonly DemoShipper[] = [
  {
    lastName: '佐々木',
    firstName: '陽菜',
    mail: 'shipper1@kirakira-oripa.example',
    draws: 3,
    address: { zipcode: '5300001', pref_id: 27, shiku: '大阪市北区', address: '梅田9-9-9', building: '' },
    moves: [],
  },
  {
    lastName: '高橋',
    firstName: '湊',
    mail: 'shipper2@kirakira-oripa.example',
    draws: 1,
    address: {
      zipcode: '0600001',
      pref_id: 1,
      shiku: '札幌市中央区',
      address: '北一条西9-9',
      building: 'きらきら荘202',
    },
    moves: [],
  },
  {
    lastName: '伊藤',
    firstName: '結衣',
    mail: 'shipper3@kirakira-oripa.example',
    draws: 2,
    address: { zipcode: '8100001', pref_id: 40, shiku: '福岡市中央区', address: '天神9-9-9', building: '' },
    moves: [{ to: 'packed' }],
  },
  {
    lastName: '渡辺',
    firstName: '蒼',
    mail: 'shipper4@kirakira-oripa.example',
    draws: 1,
    address: { zipcode: '4500002', pref_id: 23, shiku: '名古屋市中村区', address: '名駅9-9-9', building: '' },
    moves: [{ to: 'packed' }, { to: 'shipped', tracking: '4701-2345-6784' }],
  },
  {
    lastName: '山本',
    firstName: '凛',
    mail: 'shipper5@kirakira-oripa.example',
    draws: 1,
    address: { zipcode: '1500001', pref_id: 13, shiku: '渋谷区', address: '神宮前9', building: '' },
    moves: [{ to: 'held', note: '番地が不完全なため、会員に確認中' }],
  },
];

export async function seedDemoShipments(ctx: AppContext): Promise<void> {
  // Moves need a staff member to record; without the demo owner (production) there are no demo parcels either.
  const owner = await findStaffByMail(ctx.db.pool, DEMO_OWNER.mail);
  if (!owner || (await anyShipmentExists(ctx.db.pool))) return;
  const staff = { id: owner.id, mail: owner.mail, name: owner.name, role: owner.role };
  const packs = (await listPacks(ctx)).filter((p) => p.remaining > 0).map((p) => Number(p.pack.id));
  const now = ctx.clock.now();
  for (const s of DEMO_SHIPPERS) {
    const memberId = await withTransaction(ctx.db, async (tx) => {
      const id = await insertMember(tx, {
        lastName: s.lastName,
        middleName: '',
        firstName: s.firstName,
        mail: s.mail,
        pass: 'shipper1234',
        tel: '09000000000',
        lang: 'ja',
        referredBy: null,
      });
      await markMailVerified(tx, id, s.mail, now);
      await updateAddress(tx, id, s.address);
      await grantPoints(tx, { memberId: id, amount: 100_000, kind: 'paid', reason: 'seed', memo: 'demo shipper', now });
      return id;
    });
    const purchaseId = await buyFromFirstOnSale(ctx, memberId, packs, s.draws);
    const decided = await decide(ctx, memberId, await purchaseCardIds(ctx.db.pool, purchaseId), []);
    if (decided.result !== '1') throw new Error(`demo shipper ${s.mail}: decision ${decided.result}`);
    const shipmentId = await shipmentOfPurchase(ctx.db.pool, purchaseId);
    for (const m of s.moves) {
      await moveShipments(ctx, staff, [shipmentId], m.to, {
        ...(m.tracking ? { tracking: { carrier: 'yamato', number: m.tracking } } : {}),
        ...(m.note ? { note: m.note } : {}),
      });
    }
  }
}

/** Buys `count` draws from the first demo pack this member may buy from (some need SMS or a rank), as a member. */
async function buyFromFirstOnSale(ctx: AppContext, memberId: number, packIds: number[], count: number) {
  for (const packId of packIds) {
    const check = await checkPurchase(ctx, memberId, packId, count).catch(() => null);
    if (check) return (await buyWithToken(ctx, memberId, check.token)).purchaseId;
  }
  throw new Error('no demo pack on sale to buy from');
}
