import { DEMO_LINKS } from './site-content.ts';
import type { AppContext } from '../context.ts';
import { anyExchangeCard, insertExchangeCard } from '../db/queries/exchange.ts';
import { upsertSnsCampaign } from '../db/queries/daily-draw.ts';
import { anyPartnerSite, insertPartnerSite } from '../db/queries/partner.ts';
import { upsertSandboxPartnerAccount } from '../db/queries/sandbox-partner.ts';
import { hashPassword } from '../services/passwords.ts';
import { cardImage } from './demo-packs.ts';

/** The sandbox partner's demo login (README): its phone number is the demo member's and the sandbox members'. */
export const SANDBOX_PARTNER_LOGIN = { loginid: 'star@partner.example', password: 'partner123' };
export const SNS_DEMO_CODE = 'KIRAKIRA-FOLLOW';

/**
 * Demo data of the exchange corner (fictional cards, the committed generated art), one sandbox partner site with
 * accounts for the demo member and the sandbox members, and a running follow campaign.
 */
export async function seedPerks(ctx: AppContext): Promise<void> {
  const db = ctx.db.pool;
  if (!(await anyExchangeCard(db))) {
    const cards = [
      ['ds-s3', '天穹竜の女帝', 'Celestial Drake Empress', 3, 'DS02-003', 36_000, 24_000, 3],
      ['ds-a1', '紅爪の騎士', 'Crimson Talon Knight', 2, 'DS01-011', 9_800, 6_000, 12],
      ['ds-a4', 'オーロラファング', 'Aurora Fang', 2, 'DS02-014', 3_200, 2_000, 40],
      ['ds-b1', '熾火の幼竜', 'Ember Whelp', 1, 'DS01-031', 1_000, 600, 1],
    ] as const;
    let sort = 0;
    for (const [key, name, nameEn, rarity, model, price, convert, stock] of cards) {
      await insertExchangeCard(db, {
        name,
        nameEn,
        imageUrl: cardImage(key),
        rarity,
        modelNumber: model,
        price,
        convertPoint: convert,
        noReduction: false,
        stock,
        sort: sort++,
      });
    }
  }
  if (!(await anyPartnerSite(db))) {
    const star = await insertPartnerSite(db, {
      name: 'スタートレカ（姉妹サイト）',
      nameEn: 'Star Toreca (sister site)',
      adapter: 'sandbox',
      endpoint: null,
      sort: 0,
    });
    await insertPartnerSite(db, {
      name: 'ムーンカードラボ',
      nameEn: 'Moon Card Lab',
      adapter: 'sandbox',
      endpoint: null,
      sort: 1,
    });
    const passHash = await hashPassword(SANDBOX_PARTNER_LOGIN.password);
    for (const [loginid, tel] of [
      [SANDBOX_PARTNER_LOGIN.loginid, '09000000000'],
      ['demo@partner.example', '09012345678'],
    ] as const) {
      await upsertSandboxPartnerAccount(db, { siteId: star, loginid, passHash, tel, balance: 1_000_000 });
    }
  }
  await upsertSnsCampaign(db, {
    code: SNS_DEMO_CODE,
    point: 300,
    // The demo shop's own (fictional) account, as the footer's link (seed/site-content.ts DEMO_LINKS).
    followUrl: DEMO_LINKS.social_url,
    startsAt: null,
    endsAt: null,
  });
}
