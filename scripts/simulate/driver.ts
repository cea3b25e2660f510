/**
 * The month, driven through the public API and the sandbox clock: the opening day (founders), a jump to the month,
 * then each day a clock move (the shop runs every job that fell due) and the day's members, staff and late payers.
 */
import { SANDBOX_PARTNER_LOGIN, SNS_DEMO_CODE } from '../../apps/server/src/seed/perks.ts';
import { expectOk, SimClient } from './client.ts';
import { Figures, Person, type Persona, type World } from './members.ts';
import { Rng } from './rng.ts';
import { clockNow, moveClock, signInStaff } from './sandbox.ts';
import { nextMonthsLastNoon, tokyoField, type Timeline } from './timeline.ts';

const DAY_S = 24 * 3600;

export interface SimulationOptions {
  baseUrl: string;
  members: number;
  seed: number;
  timeline: Timeline;
  log: (line: string) => void;
  /** Called once the clock stands on the base date's end, before anything else happens (the balances then). */
  atBaseDate: () => Promise<void>;
}

export interface SimulationResult {
  figures: Figures;
}

const SPEND: Record<Persona, number[]> = {
  casual: [500, 1_000, 3_000],
  regular: [3_000, 5_000, 10_000],
  whale: [30_000, 50_000],
  lapser: [3_000, 10_000],
};
const ACTIVE: Record<Persona, number> = { casual: 0.3, regular: 0.5, whale: 0.7, lapser: 0.8 };

async function courses(c: SimClient, path: string): Promise<Map<number, number>> {
  const list = (await c.get(path)).list as { id: number; point: number }[];
  return new Map(list.map((x) => [Number(x.point), Number(x.id)]));
}

/** The simulation's pack, published through the console: demo cards of every rank, enough tickets for the month. */
async function publishPack(staff: SimClient, opening: Date, tickets: number, price: number): Promise<number> {
  const cards = (await staff.get('/admin/cards?card_type=1&per_page=100')).rows as { id: number; rarity: number }[];
  const byRarity = [...cards].sort((a, b) => b.rarity - a.rarity);
  if (byRarity.length < 4) throw new Error('the demo data has fewer than four cards of card type 1');
  const s = Math.max(1, Math.floor(tickets / 1000));
  const a = Math.floor(tickets / 20);
  const b = Math.floor(tickets / 5);
  const lineup = [
    { card_id: byRarity[0]!.id, rank: 'S', count: s },
    { card_id: byRarity[1]!.id, rank: 'A', count: a },
    { card_id: byRarity[2]!.id, rank: 'B', count: b },
    { card_id: byRarity.at(-1)!.id, rank: 'C', count: tickets - s - a - b },
  ];
  const draft = expectOk(
    await staff.post('/admin/packs', {
      card_type: 1,
      name_ja: 'シミュレーションパック',
      name_en: 'Simulation pack',
      images: ['/demo/packs/at-first-2.webp'],
      point: price,
      start_date: tokyoField(new Date(opening.getTime() - 3600_000)),
      end_date: '',
      total_tickets: tickets,
      lineup,
    }),
    'pack draft',
  );
  const id = (draft.pack as { id: number }).id;
  expectOk(await staff.post(`/admin/packs/${id}/publish`), 'publish pack');
  return id;
}

export async function runSimulation(o: SimulationOptions): Promise<SimulationResult> {
  const t0 = Date.now();
  const secs = () => `${String(Math.round((Date.now() - t0) / 1000)).padStart(4)} s`;
  const base = new URL(o.baseUrl);
  const rng = new Rng(o.seed);
  const figures = new Figures();
  // The tester's own client moves the clock; staff sign in afresh each time (a staff session ends after hours).
  const tester = new SimClient(base, '127.0.255.253');
  const now = await clockNow(tester);
  if (Math.abs(now.getTime() - o.timeline.opening.getTime()) > 3600_000) {
    throw new Error(
      `the shop clock (${now.toISOString()}) is not at the opening (${o.timeline.opening.toISOString()})`,
    );
  }
  // The console's largest pack is 100,000 tickets; at 200 points a draw a month of 200 members stays below it.
  const packPrice = 200;
  const tickets = Math.min(100_000, Math.max(5_000, o.members * o.timeline.days * 20));
  const world: World = {
    base,
    pointCourses: await courses(tester, '/user/point_price'),
    coinCourses: await courses(tester, '/user/coin_price'),
    packId: await publishPack(await signInStaff(base, 'operator'), o.timeline.opening, tickets, packPrice),
    packPrice,
    campaignCode: SNS_DEMO_CODE,
    partner: SANDBOX_PARTNER_LOGIN,
    figures,
    referralCodes: [],
  };
  const runTag = o.seed.toString(36);
  const people: Person[] = [];
  for (let n = 0; n < o.members; n++) {
    const r = rng.next();
    const founders = Math.max(2, Math.round(o.members * 0.15));
    const persona: Persona = n < founders ? 'lapser' : r < 0.55 ? 'casual' : r < 0.9 ? 'regular' : 'whale';
    people.push(new Person(n, persona, rng.fork(n), world, n % 7 === 3, runTag));
  }

  // Opening day: the founders register and buy a rank (2 or 3), then stay away until the month's end. A third of
  // them also buy coins, to keep their rank with them at each month's end (buy_rank) instead of paying again.
  const founders = people.filter((x) => x.persona === 'lapser');
  for (const p of founders) {
    await p.register();
    await p.buyPoints(p.n % 2 ? 10_000 : 50_000, 'point', true);
    if (p.n % 2 === 0) await p.buyPoints(10_000, 'point', true);
    if (p.keeper) await p.buyPoints(10_000, 'coin');
  }
  o.log(`${secs()} opening ${tokyoField(o.timeline.opening)}: ${figures.get('registrations')} founders`);
  // To the month a week at a time: one move runs every job hour by hour, and a request of months would outlast
  // the server's request timeout.
  // It stops on each month's last day, when the founders who keep their rank with coins do so.
  for (let at = await clockNow(tester); at < o.timeline.start;) {
    const monthsLast = nextMonthsLastNoon(at);
    const next = Math.min(o.timeline.start.getTime(), at.getTime() + 7 * DAY_S * 1000, monthsLast.getTime());
    const jump = await moveClock(tester, { now: new Date(next).toISOString() });
    for (const [k, v] of Object.entries(jump.jobs)) figures.add(`job rows: ${k}`, v);
    if (next === monthsLast.getTime()) for (const p of founders.filter((x) => x.keeper)) await p.keepRankWithCoins();
    o.log(`${secs()} clock moved to ${tokyoField(jump.now)} (jobs: ${JSON.stringify(jump.jobs)})`);
    at = jump.now;
  }

  const newcomers = people.filter((p) => !p.registered);
  const registrationDays = Math.max(1, Math.ceil(o.timeline.days * 0.6));
  for (let day = 1; day <= o.timeline.days; day++) {
    let jobs: Record<string, number> = {};
    if (day > 1) {
      const dayStart = new Date(o.timeline.start.getTime() + (day - 1) * DAY_S * 1000);
      if (dayStart.getTime() > o.timeline.baseEnd.getTime() && (await clockNow(tester)) < o.timeline.baseEnd) {
        jobs = (await moveClock(tester, { now: o.timeline.baseEnd.toISOString() })).jobs;
        await o.atBaseDate();
      }
      const moved = await moveClock(tester, { now: dayStart.toISOString() });
      for (const [k, v] of Object.entries(moved.jobs)) jobs[k] = (jobs[k] ?? 0) + v;
    }
    const afterMonthEnd = (await clockNow(tester)).getTime() > o.timeline.baseEnd.getTime();
    const joining = newcomers.splice(0, Math.ceil(newcomers.length / Math.max(1, registrationDays - day + 1)));
    for (const p of joining) await p.register();
    for (const p of people) {
      if (!p.registered || p.withdrawn) continue;
      await dayOf(p, day, afterMonthEnd, o.timeline);
    }
    await staffDay(base, rng, people, figures, day);
    for (const [k, v] of Object.entries(jobs)) figures.add(`job rows: ${k}`, v);
    o.log(
      `${secs()} day ${String(day).padStart(2)} ${tokyoField(await clockNow(tester))}: +${joining.length} members, ` +
        `${figures.get('registrations')} in all; draws ${drawCount(figures)}; jobs ${JSON.stringify(jobs)}`,
    );
  }
  return { figures };
}

const drawCount = (f: Figures) => f.get('draws of 1') + f.get('draws of 10') + f.get('draws of 100');

async function dayOf(p: Person, day: number, afterMonthEnd: boolean, t: Timeline): Promise<void> {
  // Lapsers stay away until the month has ended (their rank lapses), then come back and buy.
  p.day = day;
  if (p.persona === 'lapser' && !afterMonthEnd) {
    if (p.keeper && day === t.days - 2) await p.keepRankWithCoins();
    return;
  }
  const r = p.rng;
  if (!r.chance(ACTIVE[p.persona])) {
    await p.payLateSlips();
    return;
  }
  const { point, coin } = await p.point();
  const want = r.pick(SPEND[p.persona]);
  const comingBack = p.persona === 'lapser' && !p.cameBack;
  p.cameBack = true;
  if (comingBack || point < 1_000 || r.chance(0.3)) await p.buyPoints(want, 'point', comingBack);
  if (r.chance(0.08)) await p.buyPoints(r.pick([500, 1_000]), 'coin');
  const balance = (await p.point()).point;
  const price = p.world.packPrice;
  const count =
    balance >= 100 * price && p.persona === 'whale' && r.chance(0.5)
      ? 100
      : balance >= 10 * price && r.chance(0.6)
        ? 10
        : 1;
  if (balance >= count * price) await p.draw(count);
  if (!p.smsVerified && r.chance(0.2)) await p.verifySms();
  if (r.chance(0.3)) await p.dailyDraw();
  if (!p.campaignClaimed && r.chance(0.15)) await p.claimCampaign();
  if (r.chance(0.06)) await p.exchange();
  if (p.partnerUser && r.chance(0.25)) await p.partnerTransfer();
  // On the month's last day, a member short of its keep amount may keep the rank with coins.
  if (day === t.days - 2 && coin > 0) await p.keepRankWithCoins();
  await p.payLateSlips();
  if (p.persona === 'casual' && day < t.days - 3 && r.chance(0.01)) await p.withdraw();
}

/** Support staff adjust a few balances through the console (goodwill points, a coin refund, a correction). */
async function staffDay(base: URL, rng: Rng, people: Person[], figures: Figures, day: number) {
  if (day % 3 !== 1) return;
  const staff = await signInStaff(base, 'owner');
  const live = people.filter((p) => p.registered && !p.withdrawn);
  for (let i = 0; i < 2 && live.length; i++) {
    const p = rng.pick(live);
    const found = (await staff.get(`/admin/members?q=${encodeURIComponent(p.mail)}`)).rows as { id: number }[];
    const id = found[0]?.id;
    if (!id) throw new Error(`the console does not find ${p.mail}`);
    const { point } = await p.point();
    const [currency, amount, reason] = rng.pick([
      ['point', 1_000, 'お詫びポイント（配送遅延）'],
      ['coin', 500, 'コイン返金（二重決済）'],
      ['point', point >= 100 ? -100 : 300, '付与誤りの訂正'],
    ] as const);
    expectOk(await staff.post(`/admin/members/${id}/adjust`, { currency, amount, reason }), 'staff adjustment');
    figures.add(`staff adjustments (${currency})`);
  }
}
