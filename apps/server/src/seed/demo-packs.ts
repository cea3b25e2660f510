import type { Rank } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { markMailVerified } from '../db/queries/mail-verifications.ts';
import { anyPackExists, revealSoldOutPacks } from '../db/queries/packs.ts';
import { withTransaction } from '../db/transaction.ts';
import { grantPoints } from '../services/ledger.ts';
import { insertMember } from '../services/members.ts';
import { insertMasterCard } from '../db/queries/admin-cards.ts';
import { lineupCards, publishPack } from '../services/packs/pack-publishing.ts';
import { buyWithToken, checkPurchase } from '../services/packs/purchase.ts';

/**
 * Demo packs for two fictional card games. The card art is generated SVG committed under
 * apps/web/public/demo/cards (one file per card below: frame, emblem, foil by rarity, and no words: the page prints
 * the name in its language) and the pack pictures under apps/web/public/demo/packs, both drawn from these lists by
 * scripts/make-demo-art.ts. No real game, brand or artwork is used. The shop serves the WebP drawn beside each SVG
 * (scripts/rasterize-demo-art.ts): a phone decodes it off the main thread.
 */
export interface DemoCard {
  key: string;
  nameJa: string;
  name: string;
  rank: Rank;
  rarity: 0 | 1 | 2 | 3;
  buyPoint: number;
  model: string;
  noReduction?: boolean;
}

const card = (
  key: string,
  nameJa: string,
  name: string,
  rank: Rank,
  rarity: 0 | 1 | 2 | 3,
  buyPoint: number,
  model: string,
  noReduction = false,
): DemoCard => ({
  key,
  nameJa,
  name,
  rank,
  rarity,
  buyPoint,
  model,
  noReduction,
});

export const DRAGON_SIGIL_CARDS: DemoCard[] = [
  card('ds-s1', '蒼炎の覇王', 'Azure Flame Sovereign', 'S', 3, 200_000, 'DS01-001', true),
  card('ds-s2', '日蝕竜の王冠', 'Eclipse Wyrm Regalia', 'S', 3, 120_000, 'DS01-002'),
  card('ds-s3', '天穹竜の女帝', 'Celestial Drake Empress', 'S', 3, 30_000, 'DS02-003'),
  card('ds-a1', '紅爪の騎士', 'Crimson Talon Knight', 'A', 2, 8_000, 'DS01-011'),
  card('ds-a2', '嵐紋のワイバーン', 'Storm Sigil Wyvern', 'A', 2, 5_000, 'DS01-012'),
  card('ds-a3', '黒曜鱗の守護者', 'Obsidian Scale Warden', 'A', 2, 3_500, 'DS02-013'),
  card('ds-a4', 'オーロラファング', 'Aurora Fang', 'A', 2, 2_500, 'DS02-014'),
  card('ds-a5', '雷冠のドレイク', 'Thunder Crest Drake', 'A', 2, 2_000, 'DS03-015'),
  card('ds-b1', '熾火の幼竜', 'Ember Whelp', 'B', 1, 800, 'DS01-031'),
  card('ds-b2', '潮騒のサーペント', 'Tide Serpent', 'B', 1, 600, 'DS01-032'),
  card('ds-b3', '疾風の雛竜', 'Gale Hatchling', 'B', 1, 500, 'DS02-033'),
  card('ds-b4', '鉄皮のドレイク', 'Ironhide Drake', 'B', 1, 400, 'DS02-034'),
  card('ds-b5', '氷紋の術士', 'Frost Sigil Adept', 'B', 1, 300, 'DS03-035'),
  card('ds-b6', '残り火の斥候', 'Cinder Scout', 'B', 1, 250, 'DS03-036'),
  card('ds-c1', '苔トカゲ', 'Moss Lizard', 'C', 0, 100, 'DS01-071'),
  card('ds-c2', '小石の仔竜', 'Pebble Drakelet', 'C', 0, 80, 'DS01-072'),
  card('ds-c3', '火花イモリ', 'Spark Newt', 'C', 0, 60, 'DS01-073'),
  card('ds-c4', '灰の精', 'Ash Sprite', 'C', 0, 50, 'DS02-074'),
  card('ds-c5', '葦のサラマンダー', 'Reed Salamander', 'C', 0, 40, 'DS02-075'),
  card('ds-c6', '雲ヤモリ', 'Cloud Gecko', 'C', 0, 30, 'DS02-076'),
  card('ds-c7', '砂丘トカゲ', 'Dune Skink', 'C', 0, 20, 'DS03-077'),
  card('ds-c8', '紋章のかけら', 'Sigil Shard', 'C', 0, 10, 'DS03-078'),
];

export const ASTRAL_TAMERS_CARDS: DemoCard[] = [
  card('at-s1', '星雲の獣使い', 'Nebula Beastmaster', 'S', 3, 80_000, 'AT01-001'),
  card('at-a1', '彗星リンクス', 'Comet Lynx', 'A', 2, 4_000, 'AT01-010'),
  card('at-a2', '流星グリフォン', 'Starfall Griffin', 'A', 2, 3_000, 'AT01-011'),
  card('at-b1', 'ムーンパップ', 'Moonpup', 'B', 1, 500, 'AT01-030'),
  card('at-b2', 'オービットオウル', 'Orbit Owl', 'B', 1, 400, 'AT01-031'),
  card('at-b3', 'メテオフェレット', 'Meteor Ferret', 'B', 1, 300, 'AT01-032'),
  card('at-c1', '星屑ダニ', 'Stardust Mite', 'C', 0, 60, 'AT01-070'),
  card('at-c2', 'きらめき蛾', 'Twinkle Moth', 'C', 0, 40, 'AT01-071'),
  card('at-c3', '虚空の小石', 'Void Pebble', 'C', 0, 20, 'AT01-072'),
];

export interface DemoPack {
  key: string;
  cardType: 1 | 2;
  nameJa: string;
  nameEn: string;
  subJa: string;
  subEn: string;
  point: number;
  paymentMethod?: '1' | '2';
  maxBuyCount?: number;
  rankLimit?: number;
  smsOnly?: boolean;
  /** Hours from seeding to the sale start (negative: already on sale). */
  startInHours: number;
  /** card key → tickets. */
  lineup: [string, number][];
  /** The card key of the last-one prize (ラストワン賞), given with the final ticket; none when absent. */
  lastOne?: string;
  /** Tickets drawn at seed time by demo players (so the draw log is real). */
  predrawn?: number | 'all';
  hues: [number, number];
}

export const DEMO_PACKS: DemoPack[] = [
  {
    key: 'ds-azure',
    cardType: 1,
    nameJa: 'ドラゴンシジル 蒼炎の覇者パック',
    nameEn: 'Dragon Sigil: Azure Flame Sovereign Pack',
    subJa: '最高200,000pt相当の覇者カードを狙え',
    subEn: 'Chase the 200,000 pt Sovereign',
    point: 1_000,
    startInHours: -48,
    lineup: [
      ['ds-s1', 1],
      ['ds-s2', 2],
      ['ds-a1', 5],
      ['ds-a2', 8],
      ['ds-b1', 40],
      ['ds-b2', 40],
      ['ds-c1', 150],
      ['ds-c2', 150],
      ['ds-c3', 204],
    ],
    lastOne: 'ds-s3',
    predrawn: 37,
    hues: [205, 250],
  },
  {
    key: 'ds-crimson',
    cardType: 1,
    nameJa: 'ドラゴンシジル 紅蓮の竜域パック',
    nameEn: 'Dragon Sigil: Crimson Dragon Realm Pack',
    subJa: '残りわずか！',
    subEn: 'Only a few left!',
    point: 500,
    startInHours: -72,
    lineup: [
      ['ds-s3', 1],
      ['ds-a3', 4],
      ['ds-a4', 6],
      ['ds-b3', 30],
      ['ds-b4', 30],
      ['ds-c4', 60],
      ['ds-c5', 69],
    ],
    predrawn: 194,
    hues: [355, 20],
  },
  {
    key: 'ds-eclipse',
    cardType: 1,
    nameJa: 'ドラゴンシジル 日蝕の竜王パック',
    nameEn: 'Dragon Sigil: Eclipse Wyrm King Pack',
    subJa: '完売しました — シードを公開中',
    subEn: 'Sold out — seed revealed',
    point: 3_000,
    startInHours: -120,
    lineup: [
      ['ds-s2', 1],
      ['ds-a5', 4],
      ['ds-b5', 15],
      ['ds-c6', 40],
    ],
    // Sold out at seed time: its last-one prize is already won, so the console's pack page shows the winner.
    lastOne: 'ds-s1',
    predrawn: 'all',
    hues: [270, 300],
  },
  {
    key: 'ds-dawn',
    cardType: 1,
    nameJa: 'ドラゴンシジル 黎明の聖竜パック',
    nameEn: 'Dragon Sigil: Dawn Holy Dragon Pack',
    subJa: 'まもなく販売開始',
    subEn: 'On sale soon',
    point: 2_000,
    startInHours: 48,
    lineup: [
      ['ds-s1', 1],
      ['ds-s3', 2],
      ['ds-a1', 6],
      ['ds-a3', 6],
      ['ds-b2', 50],
      ['ds-b6', 50],
      ['ds-c7', 185],
    ],
    hues: [40, 15],
  },
  {
    key: 'ds-sms',
    cardType: 1,
    nameJa: 'ドラゴンシジル 認証会員限定パック',
    nameEn: 'Dragon Sigil: Verified Members Pack',
    subJa: 'SMS認証済みの方限定',
    subEn: 'For SMS-verified members',
    point: 300,
    smsOnly: true,
    startInHours: -24,
    lineup: [
      ['ds-s3', 1],
      ['ds-a2', 3],
      ['ds-b1', 20],
      ['ds-c8', 176],
    ],
    hues: [160, 190],
  },
  {
    key: 'ds-gold',
    cardType: 1,
    nameJa: 'ドラゴンシジル ゴールド会員パック（お一人様5回まで）',
    nameEn: 'Dragon Sigil: Gold Members Pack (5 per member)',
    subJa: 'ゴールドランク以上・お一人様5回まで',
    subEn: 'Gold rank and above, 5 draws each',
    point: 5_000,
    rankLimit: 3,
    maxBuyCount: 5,
    startInHours: -12,
    lineup: [
      ['ds-s2', 2],
      ['ds-a4', 6],
      ['ds-b4', 20],
      ['ds-c1', 72],
    ],
    hues: [45, 30],
  },
  {
    key: 'ds-coin',
    cardType: 1,
    nameJa: 'ドラゴンシジル コインパック',
    nameEn: 'Dragon Sigil: Coin Pack',
    subJa: 'コインで引けるパック',
    subEn: 'Draw with coins',
    point: 50,
    paymentMethod: '2',
    startInHours: -6,
    lineup: [
      ['ds-a5', 2],
      ['ds-b5', 18],
      ['ds-c6', 80],
      ['ds-c8', 100],
    ],
    hues: [120, 90],
  },
  {
    key: 'at-first',
    cardType: 2,
    nameJa: 'アストラルテイマーズ 星獣の目覚めパック',
    nameEn: 'Astral Tamers: Awakening of the Star Beasts',
    subJa: '新作カードゲーム、先行販売',
    subEn: 'The new card game, early release',
    point: 800,
    startInHours: -3,
    lineup: [
      ['at-s1', 1],
      ['at-a1', 4],
      ['at-a2', 5],
      ['at-b1', 20],
      ['at-b2', 20],
      ['at-b3', 20],
      ['at-c1', 100],
      ['at-c2', 100],
      ['at-c3', 130],
    ],
    hues: [230, 280],
  },
];

const GAME_NAME = { 1: 'DRAGON SIGIL', 2: 'ASTRAL TAMERS' } as const;
export const cardImage = (key: string) => `/demo/cards/${key}.webp`;
export const packImages = (key: string) => [`/demo/packs/${key}-1.webp`, `/demo/packs/${key}-2.webp`];
export const gameName = (type: 1 | 2) => GAME_NAME[type];

const ALL_CARDS = new Map([...DRAGON_SIGIL_CARDS, ...ASTRAL_TAMERS_CARDS].map((c) => [c.key, c]));

function detail(p: DemoPack, lang: 'ja' | 'en'): string {
  const total = p.lineup.reduce((s, [, n]) => s + n, 0);
  return lang === 'ja'
    ? `${p.subJa}\n全${total}口。S賞・A賞・B賞・C賞のいずれかが必ず当たります。\n当たったカードは24時間以内に発送かポイント変換を選べます。\n口の並びは販売前に固定され、そのSHA-256を公開しています。`
    : `${p.subEn}\n${total} tickets in all; every draw wins an S, A, B or C prize.\nChoose within 24 hours to ship each card or convert it to points.\nThe ticket order is fixed before sale and its SHA-256 commitment is published.`;
}

const PLAYERS = [
  { lastName: '星野', firstName: 'みらい', mail: 'player1@kirakira-oripa.example' },
  { lastName: '竜崎', firstName: 'かける', mail: 'player2@kirakira-oripa.example' },
  { lastName: 'Sato', firstName: 'Ren', mail: 'player3@kirakira-oripa.example' },
];

/** Seeds the demo packs and draws part of some of them through the real purchase service. */
export async function seedDemoPacks(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const ids = new Map<string, number>();
  await withTransaction(ctx.db, async (tx) => {
    if (await anyPackExists(tx)) return;
    // The demo cards go into the card master first, and every pack is published from it through the one
    // publication service the console's publish button uses (services/packs/pack-publishing.ts).
    const master = new Map<string, number>();
    for (const c of ALL_CARDS.values()) {
      const cardType = c.key.startsWith('at-') ? 2 : 1;
      const id = await insertMasterCard(
        tx,
        {
          card_type: cardType,
          name_ja: c.nameJa,
          name_en: c.name,
          rarity: c.rarity,
          model_number: c.model,
          buy_point: c.buyPoint,
          no_reduction: c.noReduction ?? false,
          image_url: cardImage(c.key),
        },
        now,
      );
      master.set(c.key, id);
    }
    for (const [i, p] of DEMO_PACKS.entries()) {
      const cards = await lineupCards(
        tx,
        p.lineup.map(([key, count]) => ({ card_id: master.get(key)!, rank: ALL_CARDS.get(key)!.rank, count })),
      );
      const id = await publishPack(tx, {
        cardType: p.cardType,
        nameJa: p.nameJa,
        nameEn: p.nameEn,
        detailJa: detail(p, 'ja'),
        detailEn: detail(p, 'en'),
        images: packImages(p.key),
        eyeCatch: packImages(p.key)[0],
        point: p.point,
        paymentMethod: p.paymentMethod ?? '1',
        maxBuyCount: p.maxBuyCount ?? 0,
        rankLimit: p.rankLimit ?? 0,
        smsOnly: p.smsOnly ?? false,
        startDate: new Date(now.getTime() + p.startInHours * 3600_000),
        sort: i,
        cards,
        lastOneCardId: p.lastOne ? master.get(p.lastOne)! : null,
        now,
      });
      ids.set(p.key, id);
    }
  });
  if (ids.size === 0) return;

  // Demo players with plenty of points buy through the same code as members do, so the log and stock are real.
  const players = await withTransaction(ctx.db, async (tx) => {
    const out: number[] = [];
    for (const pl of PLAYERS) {
      const memberId = await insertMember(tx, {
        ...pl,
        middleName: '',
        pass: 'player1234',
        tel: '09000000000',
        lang: 'ja',
        referredBy: null,
      });
      await markMailVerified(tx, memberId, pl.mail, now);
      await grantPoints(tx, { memberId, amount: 5_000_000, kind: 'paid', reason: 'seed', memo: 'demo player', now });
      out.push(memberId);
    }
    return out;
  });
  let turn = 0;
  for (const p of DEMO_PACKS) {
    if (!p.predrawn) continue;
    const packId = ids.get(p.key)!;
    const total = p.lineup.reduce((s, [, n]) => s + n, 0);
    let left = p.predrawn === 'all' ? total : p.predrawn;
    while (left > 0) {
      const n = Math.min(left, [1, 10, 3, 25][turn % 4]!);
      const memberId = players[turn++ % players.length]!;
      const check = await checkPurchase(ctx, memberId, packId, n);
      await buyWithToken(ctx, memberId, check.token);
      left -= n;
    }
  }
  // A sold-out pack reveals its seed; do it now rather than on the first page view.
  await revealSoldOutPacks(ctx.db.pool, [...ids.values()], ctx.clock.now());
}
