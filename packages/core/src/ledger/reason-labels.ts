import type { Lang } from '../i18n/messages.ts';
import { rankNameIn } from '../rank.ts';
import { isLedgerReason, type LedgerReason } from './reasons.ts';

/**
 * What a point or coin history row says (issue 19 section 3): what happened, with the thing it happened to, in
 * the reader's language. Built when the row is read, from its reason and its reference (ref_type/ref_id joined to
 * the named thing by the query), never from the memo written with it: memos such as `rank 3`, `site 1` or `1000pt`
 * were notes for staff, and rows written before this change must read as well as new ones.
 */
export interface LedgerLabelInput {
  reason: string;
  /** The named thing, in the reader's language: the pack, the card, the partner site, the coupon or campaign
   *  code, the payment method. Null when the row has none or its reference is gone. */
  subject?: string | null;
  /** Draws of a pack purchase. */
  count?: number | null;
  /** The rank a rank row is about (its rank event's to_rank); shown by name, never as a number. */
  rank?: number | null;
  /** The row's memo: read only for a staff adjustment, whose memo is the note staff wrote for the member. */
  memo?: string | null;
}

type Parts = { subject: string | null; count: number | null; memo: string };
type Label = (p: Parts) => string;

/** 「…」 after a Japanese label, ": …" after an English one; the bare label when there is nothing to name. */
const named = (ja: string, en: string): Record<Lang, Label> => ({
  ja: (p) => (p.subject ? `${ja}「${p.subject}」` : ja),
  en: (p) => (p.subject ? `${en}: ${p.subject}` : en),
});

/** The subject in brackets (a payment method, a rank). */
const bracketed = (ja: string, en: string): Record<Lang, Label> => ({
  ja: (p) => (p.subject ? `${ja}（${p.subject}）` : ja),
  en: (p) => (p.subject ? `${en} (${p.subject})` : en),
});

const plain = (ja: string, en: string): Record<Lang, Label> => ({ ja: () => ja, en: () => en });

/** A note after the label when staff wrote one. */
const noted = (ja: string, en: string): Record<Lang, Label> => ({
  ja: (p) => (p.memo ? `${ja}：${p.memo}` : ja),
  en: (p) => (p.memo ? `${en}: ${p.memo}` : en),
});

const DEMO = plain('デモ・テスト用の残高', 'Demo or test balance');

/** A Record over every reason: a reason added to LEDGER_REASONS without a label here fails typecheck. */
const LABELS: Record<LedgerReason, Record<Lang, Label>> = {
  point_purchase: bracketed('ポイント購入', 'Point purchase'),
  coin_purchase: bracketed('コイン購入', 'Coin purchase'),
  rank_bonus: plain('ポイント購入のランクボーナス', 'Rank bonus on a point purchase'),
  coupon: named('クーポン', 'Coupon'),
  coupon_bonus: named('クーポンの購入ボーナス', 'Coupon bonus on a point purchase'),
  pack_purchase: {
    ja: (p) => (p.subject ? `ガチャ「${p.subject}」${p.count ? `${p.count}回` : ''}` : 'ガチャ'),
    // "N draws from X" rather than "Draw: X": pack names often have a colon of their own.
    en: (p) => {
      if (!p.subject) return 'Draw';
      if (!p.count) return `Draws from ${p.subject}`;
      return `${p.count} ${p.count === 1 ? 'draw' : 'draws'} from ${p.subject}`;
    },
  },
  card_conversion: named('獲得カードをポイントに交換', 'Cards converted to points'),
  auto_conversion: named('選択期限切れのカードを自動でポイントに交換', 'Cards converted after the choice deadline'),
  expiry: plain('ポイントの有効期限切れ', 'Expired: points past their validity'),
  idle_expiry: plain('休眠アカウントの失効', 'Expired: account closed after 6 months idle'),
  withdrawal: plain('退会による失効', 'Expired: account closed at your request'),
  sms_bonus: plain('SMS認証ボーナス', 'SMS verification bonus'),
  rank_up_bonus: bracketed('ランクアップボーナス', 'Rank-up bonus'),
  rank_maintenance: bracketed('ランク維持', 'Rank kept for the month'),
  rank_card_conversion: named('ランク特典カードをポイントに交換', 'Rank reward card converted to points'),
  referral: plain('友達紹介ボーナス（紹介したお友達のご購入）', 'Referral bonus: a friend you invited made a purchase'),
  referral_welcome: plain('紹介特典（紹介コードでのご登録）', 'Welcome bonus for joining by invitation'),
  daily_draw: plain('LINEデイリー抽選', 'LINE daily draw'),
  sns_campaign: named('SNSフォローキャンペーン', 'Follow campaign'),
  campaign: named('キャンペーン特典', 'Campaign bonus'),
  partner_transfer: {
    ja: (p) => (p.subject ? `「${p.subject}」からのポイント移行` : '提携サイトからのポイント移行'),
    en: (p) => (p.subject ? `Points moved from ${p.subject}` : 'Points moved from a partner site'),
  },
  exchange: named('カード交換所で交換', 'Card exchange'),
  exchange_conversion: named('交換したカードをポイントに戻す', 'Exchanged card converted back to points'),
  exchange_auto_conversion: named(
    '選択期限切れの交換カードを自動でポイントに戻す',
    'Exchanged card converted after the choice deadline',
  ),
  staff_adjustment: noted('運営による調整', 'Adjustment by the shop'),
  seed: DEMO,
  sandbox: DEMO,
  bench: DEMO,
  test: DEMO,
};

/** A reason this build does not know (a row from a newer build): still words, never the code. */
const UNKNOWN = plain('残高の変動', 'Balance change');

const RANK_REASONS: ReadonlySet<string> = new Set(['rank_up_bonus', 'rank_maintenance']);

export function ledgerLabel(lang: Lang, row: LedgerLabelInput): string {
  const label = isLedgerReason(row.reason) ? LABELS[row.reason] : UNKNOWN;
  const subject = RANK_REASONS.has(row.reason)
    ? row.rank
      ? rankNameIn(row.rank, lang)
      : null
    : row.subject?.trim() || null;
  return label[lang]({ subject, count: row.count ?? null, memo: row.memo?.trim() ?? '' });
}
