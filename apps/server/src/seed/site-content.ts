import type { AppContext } from '../context.ts';
import { insertSettingIfAbsent } from '../db/queries/settings.ts';
import { insertBanner, insertCardTypeIfAbsent, insertPost } from '../db/queries/site.ts';
import { withTransaction } from '../db/transaction.ts';

/**
 * Demo site content: the two fictional card games, the top-page banners (art in apps/web/public/demo) with the
 * carousel switched on, and community posts spread over the last weeks so the top page looks alive.
 */

const CARD_TYPES = [
  { id: 1, name_ja: 'ドラゴンシジル', name_en: 'Dragon Sigil', coming_soon: false },
  { id: 2, name_ja: 'アストラルテイマーズ', name_en: 'Astral Tamers', coming_soon: true },
];

// The banners' pictures carry no words (scripts/make-demo-art.ts): the page prints each one's alt text over it in the
// page's language (caption, migration 0038), so one picture serves Japanese and English pages.
const BANNERS = [
  {
    file_name: '/demo/banners/launch.webp',
    link_url: '/pack-list?index=1',
    alt: 'キラキラオリパ グランドオープン！ クーポン「WELCOME500」で500ポイントプレゼント',
    alt_en: 'KIRAKIRA ORIPA grand opening: coupon WELCOME500 gives you 500 points',
  },
  {
    file_name: '/demo/banners/dragon-sigil.webp',
    link_url: '/pack-list?index=1',
    alt: 'ドラゴンシジル「紅蓮竜の咆哮」第3弾 公開中',
    alt_en: "Dragon Sigil: Crimson Dragon's Roar, series 3 on sale now",
  },
  {
    file_name: '/demo/banners/provably-fair.webp',
    link_url: '/fairness',
    alt: '全パック公平性証明つき。当たりが本当に入っていたことを誰でも確かめられます',
    alt_en: 'Every pack provably fair: anyone can check the hits were really in it',
  },
].map((b) => ({ ...b, file_name_en: '', caption: true }));

interface DemoPost {
  title: string;
  lastName: string;
  firstName: string;
  content: string;
  images?: string[];
  /** The English version (issue 13): English pages show it; a post without one shows in Japanese there too. */
  en?: { title: string; content: string; images?: string[] };
  /** How long ago it was published, in hours. */
  hoursAgo: number;
}

const STAFF = { lastName: 'キラキラオリパ', firstName: '運営事務局' };

// Oldest last; the list reads top-down as the top page shows it.
export const DEMO_POSTS: DemoPost[] = [
  {
    ...STAFF,
    title: '「紅蓮竜の咆哮」オリパ 第3弾を公開しました',
    content:
      'ご好評をいただいている「紅蓮竜の咆哮」シリーズの第3弾を公開しました。\nS賞には「紅蓮竜ヴァルガード（シークレット）」を3枚ご用意しています。残り枚数は各ガチャのページでリアルタイムにご確認いただけます。',
    images: ['/demo/posts/valgard.webp'],
    en: {
      title: "Crimson Dragon's Roar: series 3 is out",
      content:
        "Series 3 of our popular Crimson Dragon's Roar packs is now on sale.\nThe S prize is Crimson Dragon Valgard (secret rare), three copies. Each pack's page shows how many are left, live.",
    },
    hoursAgo: 5,
  },
  {
    lastName: '佐藤',
    firstName: '健太',
    title: '10連で紅蓮竜ヴァルガードが来ました！',
    content:
      '仕事帰りに何となく10連を回したら、最後の1枚でまさかのS賞。思わず声が出ました。発送もお願いしたので届くのが楽しみです。',
    images: ['/demo/posts/valgard.webp'],
    hoursAgo: 19,
  },
  {
    lastName: '中村',
    firstName: 'あおい',
    title: '初めての当選報告です',
    content:
      '登録してすぐにもらったポイントで1回だけ引いてみたら、A賞の「蒼穹の守護竜セレスティア」が当たりました。ホログラムがとてもきれいです。',
    hoursAgo: 31,
  },
  {
    ...STAFF,
    title: '年末年始の発送スケジュールについて',
    content:
      '12月28日から1月4日までにご依頼いただいた発送は、1月5日から順次対応いたします。通常は発送依頼から5営業日以内にお届けしております。ご迷惑をおかけしますが、何卒よろしくお願いいたします。',
    en: {
      title: 'Shipping over the New Year holidays',
      content:
        'Shipments requested from 28 December to 4 January go out in order from 5 January. Otherwise we deliver within five business days of your request. Thank you for your patience.',
    },
    hoursAgo: 52,
  },
  {
    lastName: '高橋',
    firstName: '大輔',
    title: 'ラスト1枚を引き当てました',
    content:
      '残り1枚のところで「全部引く」を押したら、ラストワン賞の「黒曜の竜騎士ガルム」をゲット。公平性の証明ページでチケット番号も確認できて安心です。',
    images: ['/demo/posts/garm.webp'],
    hoursAgo: 70,
  },
  {
    lastName: '伊藤',
    firstName: '美咲',
    title: '届いたカードの梱包が丁寧でした',
    content:
      'スリーブとローダーに入った状態で、さらに緩衝材でしっかり守られて届きました。傷ひとつなくて大満足です。また利用します。',
    images: ['/demo/posts/parcel.webp'],
    hoursAgo: 96,
  },
  {
    ...STAFF,
    title: 'SMS認証で500ポイントプレゼント中',
    content:
      'マイページのメニューから電話番号のSMS認証を完了すると、500ポイントをプレゼントしています。認証はおひとり様1回限りです。まだの方はぜひお試しください。',
    en: {
      title: '500 points for verifying your phone by SMS',
      content:
        'Verify your phone number by SMS from the My Page menu and we add 500 points. Once per member. Give it a try if you have not yet.',
    },
    hoursAgo: 120,
  },
  {
    lastName: '渡辺',
    firstName: '翔',
    title: '100連でA賞が3枚！',
    content:
      '思い切って100連を回しました。A賞が3枚、B賞もたくさん出て、いらないカードはポイントに交換してもう一度引けました。交換レートが分かりやすいのが嬉しいです。',
    hoursAgo: 141,
  },
  {
    lastName: '山本',
    firstName: 'ゆい',
    title: '誕生日に良いことがありました',
    content:
      '誕生日の記念に3回だけ引いたら、ずっと欲しかった「星詠みの竜巫女リリア」が出ました。自分へのプレゼントになりました。',
    images: ['/demo/posts/lilia.webp'],
    hoursAgo: 170,
  },
  {
    ...STAFF,
    title: 'メンテナンス完了のお知らせ',
    content:
      '本日2:00〜4:00に予定していたシステムメンテナンスは、予定どおり終了しました。ご協力ありがとうございました。',
    en: {
      title: 'Maintenance finished',
      content: "Today's system maintenance from 2:00 to 4:00 finished on schedule. Thank you for your patience.",
    },
    hoursAgo: 196,
  },
  {
    lastName: '小林',
    firstName: '拓海',
    title: 'B賞でも十分うれしい',
    content:
      'S賞は出ませんでしたが、B賞の「雷鳴のワイバーン」がデッキにちょうど欲しかったカードでした。発送も早くて助かりました。',
    hoursAgo: 220,
  },
  {
    lastName: '加藤',
    firstName: '陽菜',
    title: 'ランクがゴールドに上がりました',
    content:
      'コツコツ購入していたらゴールドランクに到達しました。ポイント購入時のボーナスが増えるのでお得感があります。',
    hoursAgo: 247,
  },
  {
    ...STAFF,
    title: '「アストラルテイマーズ」取り扱い開始予定のお知らせ',
    content:
      '新しいカードゲーム「アストラルテイマーズ」のオリパを近日中に取り扱い開始予定です。開始日は決まり次第こちらでお知らせします。',
    en: {
      title: 'Astral Tamers packs coming soon',
      content: 'Packs of the new card game Astral Tamers are coming soon. We will announce the start date here.',
    },
    hoursAgo: 270,
  },
  {
    lastName: '吉田',
    firstName: '蓮',
    title: '友だちに紹介してもらいました',
    content: '友だちの紹介コードで登録しました。初回の1回でC賞でしたが、演出が派手で楽しいです。次はS賞を狙います。',
    hoursAgo: 301,
  },
  {
    lastName: '山田',
    firstName: '真央',
    title: 'シークレットレア、本当に入っていました',
    content:
      '完売後に公開されたシード値で抽選順を自分で確かめてみました。告知どおりシークレットレアが箱に入っていたことが分かって、信頼できるお店だと思いました。',
    hoursAgo: 330,
  },
  {
    ...STAFF,
    title: 'お問い合わせ窓口の受付時間について',
    content:
      'お電話でのお問い合わせは平日10:00〜17:00に承っております。メールでのお問い合わせは24時間受け付けており、順次ご返信いたします。',
    en: {
      title: 'Support hours',
      content:
        'Phone support is open on weekdays from 10:00 to 17:00. Mail is received around the clock and answered in turn.',
    },
    hoursAgo: 360,
  },
  {
    lastName: '佐々木',
    firstName: '颯太',
    title: '連続でA賞',
    content: '1回ずつ引いていたら、2回連続でA賞が出ました。今日は運がいいみたいです。',
    hoursAgo: 389,
  },
  {
    lastName: '松本',
    firstName: '葵',
    title: 'ポイント交換でもう1回',
    content:
      '当たったカードのうち、持っているものはポイントに交換しました。24時間以内に選べば良いので、ゆっくり考えられるのが助かります。',
    hoursAgo: 420,
  },
  {
    ...STAFF,
    title: '公平性の証明ページを公開しました',
    content:
      'すべてのガチャについて、販売開始前にチケット順序のハッシュ値を公開し、完売後にシード値を公開しています。公平性の証明ページからどなたでも検証していただけます。',
    en: {
      title: 'The fairness page is live',
      content:
        'For every pack we publish the hash of its ticket order before sale and the seed once it sells out. Anyone can check them on the fairness page.',
    },
    hoursAgo: 455,
  },
  {
    lastName: '井上',
    firstName: '結衣',
    title: 'はじめてのS賞！',
    content: 'オリパを始めて1か月、ついにS賞を引き当てました。画面が金色に光った瞬間は手が震えました。大切にします。',
    images: ['/demo/posts/valgard.webp'],
    hoursAgo: 500,
  },
  {
    lastName: '木村',
    firstName: '悠人',
    title: '発送連絡が早かったです',
    content: '発送依頼をした翌日には発送完了のお知らせが届きました。追跡番号も履歴からすぐ確認できました。',
    hoursAgo: 560,
  },
  {
    ...STAFF,
    title: 'キラキラオリパ グランドオープン',
    content:
      'オンラインオリパ「キラキラオリパ」がオープンしました。オープン記念として、マイページでクーポンコード「WELCOME500」を入力すると500ポイントをプレゼントしています（お一人様1回）。',
    images: ['/demo/banners/launch.webp'],
    en: {
      title: 'KIRAKIRA ORIPA grand opening',
      content:
        'The online oripa shop KIRAKIRA ORIPA is open. To celebrate, enter coupon code WELCOME500 on My Page for 500 free points (once per member).',
    },
    hoursAgo: 620,
  },
  {
    lastName: '林',
    firstName: '楓',
    title: 'オープン初日に参加しました',
    content: 'オープン初日に記念ガチャを回しました。サイトが見やすくて、スマホでも迷わず購入できました。',
    hoursAgo: 640,
  },
];

/**
 * The demo shop's external links (issue 24; an owner replaces them in the console's settings): reserved .example
 * addresses, so the demo shows where each link goes without pointing at anyone's real site.
 */
export const DEMO_LINKS = {
  company_url: 'https://kirakira-oripa.example/company',
  column_url: 'https://kirakira-oripa.example/column',
  winners_url: 'https://kirakira-oripa.example/winners',
  media_url: 'https://kirakira-oripa.example/media',
  social_url: 'https://social.kirakira-oripa.example/kirakira_oripa',
} as const;

export async function seedSiteContent(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  await withTransaction(ctx.db, async (tx) => {
    for (const [i, t] of CARD_TYPES.entries()) await insertCardTypeIfAbsent(tx, { ...t, sort: i + 1 });
    for (const [i, b] of BANNERS.entries()) await insertBanner(tx, { ...b, sort: i });
    await insertSettingIfAbsent(tx, 'banner_mode', '1');
    for (const [key, url] of Object.entries(DEMO_LINKS)) await insertSettingIfAbsent(tx, key, url);
    for (const p of DEMO_POSTS) {
      await insertPost(tx, {
        title: p.title,
        last_name: p.lastName,
        first_name: p.firstName,
        content: p.content,
        images: p.images ?? [],
        title_en: p.en?.title ?? '',
        content_en: p.en?.content ?? '',
        images_en: p.en?.images ?? [],
        published_at: new Date(now - p.hoursAgo * 3600_000),
      });
    }
  });
}
