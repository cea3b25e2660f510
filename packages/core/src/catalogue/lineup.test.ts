import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineupProblems, MAX_PACK_TICKETS, rankTotals, type LineupEntry } from './lineup.ts';
import { packDraftSchema, publishProblems } from './schemas.ts';

const rank = fc.constantFrom('S' as const, 'A' as const, 'B' as const, 'C' as const);
/** Lineups of distinct cards with sound counts. */
const soundLineup = fc
  .uniqueArray(
    fc.record({ card_id: fc.integer({ min: 1, max: 1000 }), rank, count: fc.integer({ min: 1, max: 500 }) }),
    {
      minLength: 1,
      maxLength: 30,
      selector: (e) => e.card_id,
    },
  )
  .map((l) => l as LineupEntry[]);
const sum = (l: readonly LineupEntry[]) => l.reduce((s, e) => s + e.count, 0);

describe('lineupProblems', () => {
  it('accepts every lineup of distinct known cards whose counts add up to the total', () => {
    fc.assert(
      fc.property(soundLineup, (l) => {
        expect(lineupProblems(l, sum(l), new Set(l.map((e) => e.card_id)))).toEqual([]);
        const totals = rankTotals(l);
        expect(totals.S + totals.A + totals.B + totals.C).toBe(sum(l));
      }),
    );
  });

  it('names the mismatch with both numbers whenever the total differs', () => {
    fc.assert(
      fc.property(soundLineup, fc.integer({ min: 0, max: MAX_PACK_TICKETS }), (l, total) => {
        fc.pre(total !== sum(l));
        expect(lineupProblems(l, total)).toContainEqual({ key: 'lineupTotalMismatch', sum: sum(l), total });
      }),
    );
  });

  it('finds a duplicated card, an unknown card and a bad count wherever they are', () => {
    fc.assert(
      fc.property(soundLineup, fc.nat(), fc.constantFrom(0, -3, 1.5, Number.NaN), (l, at, bad) => {
        const i = at % l.length;
        const dup = [...l, { ...l[i]!, rank: 'C' as const }];
        expect(lineupProblems(dup, sum(dup)).map((p) => p.key)).toContain('lineupDuplicate');
        const known = new Set(l.map((e) => e.card_id));
        known.delete(l[i]!.card_id);
        expect(lineupProblems(l, sum(l), known)).toContainEqual({ key: 'lineupUnknownCard', card_id: l[i]!.card_id });
        const broken = l.map((e, j) => (j === i ? { ...e, count: bad } : e));
        expect(lineupProblems(broken, sum(l))).toContainEqual({ key: 'lineupCount', index: i });
      }),
    );
  });

  it('refuses an empty lineup and one over the ticket limit', () => {
    expect(lineupProblems([], 0).map((p) => p.key)).toEqual(['lineupEmpty']);
    const huge: LineupEntry[] = [
      { card_id: 1, rank: 'C', count: MAX_PACK_TICKETS },
      { card_id: 2, rank: 'S', count: 1 },
    ];
    expect(lineupProblems(huge, MAX_PACK_TICKETS + 1).map((p) => p.key)).toContain('lineupTooLarge');
  });
});

describe('packDraftSchema and publishProblems', () => {
  const base = {
    card_type: 1,
    name_ja: 'パック',
    name_en: 'Pack',
    images: ['/media/img/ab/abcdefabcdefabcdefabcdef-960.webp'],
    point: '300',
    start_date: '2030-01-01T10:00',
    end_date: '',
    total_tickets: 3,
    lineup: [
      { card_id: 1, rank: 'S', count: 1 },
      { card_id: '2', rank: 'C', count: '2' },
    ],
  };
  const cards = new Map([
    [1, { image_url: '/media/x-960.webp' }],
    [2, { image_url: '/demo/cards/a.svg' }],
  ]);

  it('reads form values (digit strings, datetime-local) and publishes a sound draft', () => {
    const d = packDraftSchema.parse(base);
    expect(d.point).toBe(300);
    expect(d.start_date!.toISOString()).toBe('2030-01-01T01:00:00.000Z');
    expect(publishProblems(d, cards, new Date('2029-01-01'))).toEqual([]);
  });

  it('names each reason a draft cannot be published', () => {
    const d = packDraftSchema.parse({ ...base, images: [], name_en: '', point: 0, start_date: '' });
    const problems = publishProblems(d, new Map([[1, { image_url: '' }]]), new Date('2029-01-01'));
    expect(problems.map((p) => p.field).sort()).toEqual(
      ['images', 'lineup', 'lineup', 'name_en', 'point', 'start_date'].sort(),
    );
  });

  it('refuses a start after the end and foreign image addresses', () => {
    const r = packDraftSchema.safeParse({ ...base, end_date: '2029-12-31 00:00:00', images: ['https://x.test/a.png'] });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path[0]);
    expect(paths).toContain('end_date');
    expect(paths).toContain('images');
    expect(packDraftSchema.safeParse({ ...base, images: ['/media/../../etc/passwd'] }).success).toBe(false);
  });
});
