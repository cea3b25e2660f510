import { describe, expect, it, vi } from 'vitest';
import { createMemberSession, endMemberSession, findSessionMember } from '../../src/services/sessions.ts';
import { insertTestMember } from '../factories.ts';
import { useServiceShop } from '../service-shop.ts';

/** Member sessions looked up in batches (ADR 0057): the same answers as one by one, in fewer statements. */
const t = useServiceShop();

describe('session lookups in batches', () => {
  it('answers each request its own member, an unknown or ended session none, with fewer statements than requests', async () => {
    const ctx = t.shop.ctx;
    const members = await Promise.all(Array.from({ length: 6 }, () => insertTestMember(t.shop)));
    const sids = await Promise.all(members.map((m) => createMemberSession(ctx, m.id, false)));
    const ended = await createMemberSession(ctx, members[0]!.id, false);
    await endMemberSession(ctx, ended);
    const unknown = `m.${'x'.repeat(43)}`;

    const queries = vi.spyOn(ctx.db.pool, 'query');
    // Every member asks five times at once (polling tabs), with the unknown and the ended session among them.
    const asked = [...sids, ...sids, ...sids, ...sids, ...sids, unknown, ended];
    const answers = await Promise.all(asked.map((sid) => findSessionMember(ctx, sid)));
    const lookups = queries.mock.calls.filter(([q]) => JSON.stringify(q).includes('FROM sessions WHERE id_hash'));
    queries.mockRestore();

    expect(answers).toEqual([...Array.from({ length: 5 }, () => members.map((m) => m.id)).flat(), null, null]);
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.length).toBeLessThan(asked.length / 4);
    // Found sessions are kept for SESSION_CACHE_MS: asking again reads nothing.
    const again = vi.spyOn(ctx.db.pool, 'query');
    expect(await findSessionMember(ctx, sids[0]!)).toBe(members[0]!.id);
    expect(again).not.toHaveBeenCalled();
    again.mockRestore();
  });
});
