import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { markMailVerified } from '../db/queries/mail-verifications.ts';
import { markSmsVerified, updateAddress } from '../db/queries/members.ts';
import { setMemberRank } from '../db/queries/payment-credits.ts';
import { withTransaction } from '../db/transaction.ts';
import { changeCoins, grantPoints } from '../services/ledger.ts';
import { setMaintenance } from '../services/maintenance.ts';
import { insertMember } from '../services/members.ts';
import { DEMO_ADDRESS } from '../seed/demo-member.ts';

const amount = z.number().int().min(0).max(10_000_000).optional();
const newMemberSchema = z.object({
  paidPoints: amount,
  freePoints: amount,
  coins: amount,
  lang: z.enum(['ja', 'en']).optional(),
  address: z.boolean().optional(),
  smsVerified: z.boolean().optional(),
  /** A rank to start at (issue 11: rank maintenance journeys). */
  rank: z.number().int().min(1).max(7).optional(),
});

export const SANDBOX_PASS = 'sandbox123';

/**
 * Test helpers for browser journeys (sandbox only): `POST /sandbox/members` makes a fresh member with balances
 * granted through the real ledger and answers its login; `POST /sandbox/maintenance {on}` flips the flag.
 */
export const sandboxMembers: FastifyPluginAsync = async (app) => {
  app.post('/members', async (request, reply) => {
    const parsed = newMemberSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.issues.map((i) => i.message).join('; ') });
    const o = parsed.data;
    const mail = `sandbox.${randomBytes(6).toString('hex')}@example.test`;
    const now = app.ctx.clock.now();
    const id = await withTransaction(app.ctx.db, async (tx) => {
      const memberId = await insertMember(tx, {
        mail,
        pass: SANDBOX_PASS,
        lastName: o.lang === 'en' ? 'Tester' : '試験',
        middleName: '',
        firstName: o.lang === 'en' ? 'Alex' : '花子',
        tel: '09000000000',
        lang: o.lang ?? 'ja',
        referredBy: null,
        prefId: null,
        createdAt: now,
      });
      // A journey starts from a member who can buy: the verification mail's round trip has its own test.
      await markMailVerified(tx, memberId, mail, now);
      const ref = { reason: 'sandbox', memo: 'sandbox member', now };
      if (o.paidPoints) await grantPoints(tx, { ...ref, memberId, amount: o.paidPoints, kind: 'paid' });
      if (o.freePoints) await grantPoints(tx, { ...ref, memberId, amount: o.freePoints, kind: 'free' });
      if (o.coins) await changeCoins(tx, { ...ref, memberId, amount: o.coins });
      if (o.smsVerified) await markSmsVerified(tx, memberId, now);
      if (o.address) await updateAddress(tx, memberId, DEMO_ADDRESS);
      if (o.rank) await setMemberRank(tx, memberId, o.rank);
      return memberId;
    });
    return { mail, pass: SANDBOX_PASS, id };
  });

  app.post('/maintenance', async (request, reply) => {
    const parsed = z.object({ on: z.boolean() }).safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ error: 'expected {"on": true|false}' });
    await setMaintenance(app.ctx, parsed.data.on);
    return { on: parsed.data.on };
  });
};
