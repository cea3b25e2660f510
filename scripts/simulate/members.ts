/**
 * The simulated members and what they do on a day, through the public API only. Each person has a persona (how
 * much and how they pay) and a seeded random source of its own; every step a real member would take is taken:
 * the registration form, the mailed link, the card token, the convenience-store slip, the choice of cards.
 */
import { randomUUID } from 'node:crypto';
import { expectOk, SimClient, type Envelope } from './client.ts';
import type { Rng } from './rng.ts';
import { cardToken, fromOutbox } from './sandbox.ts';

/** How a person spends: `lapser` bought a rank months ago and comes back only after the month end. */
export type Persona = 'casual' | 'regular' | 'whale' | 'lapser';

/** Counters of what happened, for the progress lines and the final table. */
export class Figures {
  readonly counts = new Map<string, number>();
  add(name: string, n = 1) {
    this.counts.set(name, (this.counts.get(name) ?? 0) + n);
  }
  get(name: string) {
    return this.counts.get(name) ?? 0;
  }
}

export interface World {
  base: URL;
  /** The shop's point and coin courses: point amount -> course id. */
  pointCourses: Map<number, number>;
  coinCourses: Map<number, number>;
  packId: number;
  packPrice: number;
  /** The follow campaign's code (the demo shop's). */
  campaignCode: string;
  partner: { loginid: string; password: string } | null;
  figures: Figures;
  /** Referral codes of members so far, for newcomers to use. */
  referralCodes: string[];
}

// The sandbox partner's demo accounts carry this phone number (seed/perks.ts); a partner linker uses it.
const PARTNER_TEL = '09000000000';
const ADDRESS = { zipcode: '1000001', pref_id: 13, shiku: '千代田区', address: '千代田1-1', building: '' };

export class Person {
  readonly mail: string;
  readonly pass = 'simulate123';
  readonly tel: string;
  readonly client: SimClient;
  referralCode = '';
  registered = false;
  withdrawn = false;
  smsVerified = false;
  dailyLinked = false;
  partnerLinked = false;
  hasAddress = false;
  campaignClaimed = false;
  /** Convenience-store slips this person left unpaid, with the day ordered; some are paid after the deadline. */
  unpaidSlips: { url: string; day: number }[] = [];
  /** The simulated day, set by the driver. */
  day = 0;
  /** A founder's first purchase after the month end (its rank lapsed; buying regains it). */
  cameBack = false;

  /** A founder who keeps its rank with coins at each month's end. */
  get keeper(): boolean {
    return this.persona === 'lapser' && this.n % 3 === 0;
  }

  constructor(
    readonly n: number,
    readonly persona: Persona,
    readonly rng: Rng,
    readonly world: World,
    readonly partnerUser: boolean,
    runTag: string,
  ) {
    this.mail = `sim${runTag}.${n}@simulate.example`;
    // 090-1xxx-xxxx: a mobile number of its own (libphonenumber refuses 090-0…), unless it links the partner.
    this.tel = partnerUser ? PARTNER_TEL : `0901${String(n).padStart(7, '0')}`;
    this.client = new SimClient(world.base, `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`);
  }

  private get f() {
    return this.world.figures;
  }

  /** The registration form, then the link of the verification mail (read from the sandbox outbox). */
  async register(): Promise<void> {
    const referral =
      this.world.referralCodes.length && this.rng.chance(0.4) ? this.rng.pick(this.world.referralCodes) : '';
    expectOk(
      await this.client.post('/user/append', {
        lastName: '模擬',
        middleName: '',
        firstName: `${this.n}号`,
        tel: this.tel,
        mail: this.mail,
        pass: this.pass,
        confirmPass: this.pass,
        referralCode: referral,
      }),
      `register ${this.mail}`,
    );
    const token = await fromOutbox(this.client, this.mail, /verify-mail\?token=([A-Za-z0-9_-]+)/);
    expectOk(await this.client.post('/user/mail/verify', { token }), 'verify mail');
    // The birth month the first purchase asks for (ADR 0036): adults, so only their own limits apply.
    const born = { birth_year: 1960 + (this.n % 40), birth_month: 1 + (this.n % 12) };
    expectOk(await this.client.post('/user/spending_limits/birth_month', born), 'birth month');
    const detail = await this.client.get('/user/detail');
    this.referralCode = String(
      (detail.detail as { referral_code?: string } | undefined)?.referral_code ?? detail.referral_code ?? '',
    );
    if (this.referralCode) this.world.referralCodes.push(this.referralCode);
    this.registered = true;
    this.f.add('registrations');
    if (referral) this.f.add('registrations with a referral code');
  }

  async point(): Promise<{ point: number; coin: number; rank: number }> {
    const p = await this.client.get('/user/point');
    return { point: Number(p.point ?? 0), coin: Number(p.coin ?? 0), rank: Number(p.rank ?? 1) };
  }

  /** Buys a point (or coin) course by card, convenience store or bank transfer, as the persona tends to. */
  async buyPoints(amount: number, currency: 'point' | 'coin' = 'point', byCard = false): Promise<void> {
    const courses = currency === 'coin' ? this.world.coinCourses : this.world.pointCourses;
    const id = courses.get(amount);
    if (!id) throw new Error(`no ${currency} course of ${amount}`);
    const how = this.rng.next();
    if (how < 0.6 || currency === 'coin' || byCard) {
      const token = await cardToken(this.client, 'SIM MEMBER');
      const r = await this.client.post('/user/point/buy', { point_price_id: id, pay_id: 1, token });
      expectOk(r, `card purchase of ${amount} ${currency}`);
      this.f.add(`${currency} purchases by card`);
      this.f.add(`yen paid (${currency})`, amount);
    } else if (how < 0.85) {
      const r = expectOk(
        await this.client.post('/user/point/buy', { point_price_id: id, pay_id: 2, combini_code: 'econ' }),
        'convenience-store order',
      );
      const slip = await this.client.get(`/user/point/combini_number?paymentID=${String(r.receipt)}`);
      if (this.rng.chance(0.25)) {
        // Never goes to the store in time: the order lapses at its deadline; some try to pay later anyway.
        this.unpaidSlips.push({ url: String(slip.url), day: this.day });
        this.f.add('convenience-store orders left unpaid');
      } else {
        const status = await this.client.press(String(slip.url), 'pay');
        if (status >= 400) throw new Error(`paying the slip answered ${status}`);
        this.f.add('point purchases at a convenience store');
        this.f.add(`yen paid (${currency})`, amount);
      }
    } else {
      expectOk(
        await this.client.post('/user/point/buy', { point_price_id: id, pay_id: 4, name: 'モギ タロウ' }),
        'bank transfer order',
      );
      const info = await this.client.get('/user/bank');
      const status = await this.client.press(String(info.sandbox_url), 'transfer');
      if (status >= 400) throw new Error(`the bank transfer answered ${status}`);
      this.f.add('point purchases by bank transfer');
      this.f.add(`yen paid (${currency})`, amount);
    }
  }

  /** Pays a lapsed convenience-store slip after its deadline: the payment company must refuse it. */
  async payLateSlips(): Promise<void> {
    // The deadline is 3 days; a slip is tried on the 4th day after its order or later, once.
    const late = this.unpaidSlips.filter((s) => this.day - s.day >= 4);
    this.unpaidSlips = this.unpaidSlips.filter((s) => !late.includes(s));
    for (const { url } of late) {
      if (!this.rng.chance(0.5)) continue;
      const status = await this.client.press(url, 'pay');
      this.f.add(status >= 400 ? 'late slip payments refused' : 'late slip payments ACCEPTED');
    }
  }

  /** A draw of 1, 10 or 100 of the simulation's pack, then ship, convert, or leave the cards to auto-convert. */
  async draw(count: 1 | 10 | 100): Promise<boolean> {
    const check = await this.client.post('/user/pack/check', { pack_id: this.world.packId, count });
    if (check.state !== 200) {
      this.f.add(`draws refused (${check.reason ?? check.state})`);
      return false;
    }
    const buy = expectOk(await this.client.post('/user/pack/buy', { token: check.token }), 'pack buy');
    const cards = buy.cards as { history_id: number; buy_point: number; no_reduction: '0' | '1' }[];
    this.f.add(`draws of ${count}`);
    this.f.add('cards drawn', cards.length);
    const choice = this.rng.next();
    if (choice < 0.15) {
      this.f.add('cards left to auto-convert', cards.length);
      return true;
    }
    // Cards that cannot be converted are always shipped; a shipper also keeps the first and the valuable ones.
    const shipper = choice < 0.3;
    const send = cards
      .filter((c, i) => c.no_reduction === '1' || (shipper && (i === 0 || c.buy_point >= 5_000)))
      .map((c) => c.history_id);
    if (send.length && !this.hasAddress) {
      expectOk(await this.client.post('/user/append_address', ADDRESS), 'address');
      this.hasAddress = true;
    }
    const convert = cards.map((c) => c.history_id).filter((id) => !send.includes(id));
    const r = await this.client.post('/user/pack/decision', { send_card: send, reduction_card: convert });
    expectDecided(r);
    this.f.add('cards shipped', send.length);
    this.f.add('cards converted', convert.length);
    return true;
  }

  /** SMS verification: the code is read from the sandbox outbox, as the phone would show it. */
  async verifySms(): Promise<void> {
    const mobile = `0901${String(5_000_000 + this.n).padStart(7, '0')}`;
    expectOk(await this.client.post('/user/send_sms', { tel: mobile }), 'send sms');
    const code = await fromOutbox(this.client, `+81${mobile.slice(1)}`, /(\d{6})/);
    expectOk(await this.client.post('/user/check_sms', { sms_code: code }), 'check sms');
    this.smsVerified = true;
    this.f.add('SMS verifications');
  }

  async dailyDraw(): Promise<void> {
    if (!this.dailyLinked) {
      const status = await this.client.get('/user/daily_draw');
      const url = new URL(String(status.link_url));
      expectOk(
        await this.client.post('/user/daily_draw/link', {
          code: url.searchParams.get('code'),
          state: url.searchParams.get('state'),
        }),
        'link messaging app',
      );
      this.dailyLinked = true;
    }
    const r = await this.client.post('/user/daily_draw/draw', {});
    this.f.add(r.state === 200 ? 'daily draws' : `daily draws refused (${r.reason})`);
  }

  async claimCampaign(): Promise<void> {
    const r = await this.client.post('/user/sns_campaign/claim', { code: this.world.campaignCode });
    this.campaignClaimed = true;
    this.f.add(r.state === 200 ? 'follow-campaign claims' : `follow-campaign claims refused (${r.reason})`);
  }

  /** Exchanges points for the cheapest listed card it can afford, then ships or converts it. */
  async exchange(): Promise<void> {
    const { point } = await this.point();
    const list = (await this.client.get('/user/exchange_card/list')).list as {
      id: number;
      point: number;
      stock_left: number;
    }[];
    const card = list.filter((c) => c.stock_left > 0 && c.point <= point).sort((a, b) => a.point - b.point)[0];
    if (!card) return;
    const done = await this.client.post('/user/exchange_card/exchange', {
      exchange_card_id: card.id,
      request_key: randomUUID(),
    });
    if (done.state !== 200) {
      this.f.add(`exchanges refused (${done.reason})`);
      return;
    }
    this.f.add('exchanges');
    const order = done.order as { id: number };
    if (this.rng.chance(0.7)) {
      expectDecided(
        await this.client.post('/user/exchange_card/decision', { exchange_id: order.id, action: 'convert' }),
      );
      this.f.add('exchanged cards converted');
    }
  }

  /** Links the sandbox partner site (phone check) and moves some of its points here. */
  async partnerTransfer(): Promise<void> {
    const partner = this.world.partner;
    if (!partner) return;
    const list = (await this.client.get('/user/transfer/point')).list as { id: number; name: string }[];
    const site = list[0];
    if (!site) return;
    if (!this.partnerLinked) {
      const r = await this.client.post('/user/transfer/login', { ...partner, site_id: site.id });
      if (r.state !== 200) {
        this.f.add('partner links refused');
        return;
      }
      this.partnerLinked = true;
    }
    const r = await this.client.post('/user/transfer/point', {
      point: String(this.rng.pick([500, 1000, 2000])),
      site_id: site.id,
      request_key: randomUUID(),
    });
    this.f.add(
      r.state === 200 && r.status === 'done'
        ? 'partner transfers'
        : `partner transfers refused (${r.reason ?? r.status})`,
    );
  }

  /**
   * Keeps the rank with coins when the month's purchases fall short (buy_rank). Without the coins it buys a coin
   * course instead, which itself counts as the month's purchase (then no keeping is offered).
   */
  async keepRankWithCoins(): Promise<void> {
    const p = await this.client.get('/user/point');
    if (p.is_rank_maintained !== true) return;
    if (Number(p.coin ?? 0) < Number(p.rank_keep_coin ?? 0)) {
      await this.buyPoints(10_000, 'coin');
      if ((await this.client.get('/user/point')).is_rank_maintained !== true) {
        this.f.add('ranks kept by buying coins');
        return;
      }
    }
    const r = await this.client.post('/user/buy_rank');
    this.f.add(r.state === 200 ? 'ranks kept with coins' : `rank keeps refused (${r.reason})`);
  }

  /** Withdraws (退会) when nothing blocks it; the points and coins are forfeited. */
  async withdraw(): Promise<void> {
    const r = await this.client.post('/user/withdraw', { pass: this.pass });
    if (r.state === 200) {
      this.withdrawn = true;
      this.f.add('withdrawals');
    } else this.f.add(`withdrawals refused (${r.reason})`);
  }
}

function expectDecided(r: Envelope) {
  if (r.state !== 200 && !(r.state === 204 && r.result === '-1')) {
    throw new Error(`decision: ${JSON.stringify({ state: r.state, reason: r.reason, errors: r.errors })}`);
  }
}
