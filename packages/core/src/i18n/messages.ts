/**
 * Validation and error messages, keyed. Zod schemas in this package use these keys as their messages,
 * the server translates them for its replies, and the web loads the same table as its `errors` namespace.
 */
import { accountMessages } from './account-messages.ts';
import { packMessages } from './pack-messages.ts';
import { paymentMessages } from './payment-messages.ts';
import { membershipMessages } from './membership-messages.ts';
import { perkMessages } from './perk-messages.ts';
import { responsiblePlayMessages } from './responsible-play-messages.ts';
import { dropMessages } from './drop-messages.ts';

const baseMessages = {
  ja: {
    invalid: '不正な値です',
    required: '入力してください',
    tooLong: '{{max}}文字以内で入力してください',
    tooShort: '{{min}}文字以上で入力してください',
    notString: '文字列で入力してください',
    mailFormat: 'メールアドレスの形式が正しくありません',
    mailTaken: 'このメールアドレスは既に登録されています',
    passFormat: 'パスワードは半角英数字6〜20文字で入力してください',
    passMismatch: 'パスワード（確認）と一致しません',
    telDigits: '電話番号はハイフンなしの半角数字（10〜11桁）で入力してください',
    nameFormat: '使用できない文字が含まれています',
    formulaStart: '先頭に「=」や「@」は使えません',
    referralUnknown: '紹介コードが見つかりません',
    zipFormat: '郵便番号はハイフンなしの7桁の数字で入力してください',
    prefRequired: '都道府県を選択してください',
    agreeRequired: '利用規約とプライバシーポリシーへの同意が必要です',
    loginMismatch: 'メールアドレスまたはパスワードが一致しません',
    loginLocked: 'ログインの試行回数が上限を超えました。{{minutes}}分後にもう一度お試しください',
    passwordLocked: 'パスワードの誤りが続いたため、{{minutes}}分後にもう一度お試しください',
    reissueLocked: '再発行の申請が多すぎます。しばらくしてからもう一度お試しください',
    reissueTokenInvalid: 'このリンクは無効か、有効期限が切れています。もう一度再発行を申請してください',
    verifyTokenInvalid: 'この確認リンクは無効か、有効期限が切れています。確認メールを再送してください',
    loginRequired: 'ログインしてください',
    csrf: '画面の有効期限が切れました。ページを再読み込みしてからもう一度お試しください',
    notFound: '見つかりません',
    conflict: '他の操作と競合しました。もう一度お試しください',
    rateLimited: 'アクセスが集中しています。しばらくしてからもう一度お試しください',
    internal: 'システムエラーが発生しました。しばらくしてからもう一度お試しください',
    maintenance: 'システムメンテナンス中です',
    badRequest: 'リクエストの形式が正しくありません',
    tooLarge: '送信データが大きすぎます',
    communication: '通信エラーが発生しました',
    illegal: 'は不正です',
    insufficientPoints: 'ポイントが不足しています',
    insufficientCoins: 'コインが不足しています',
  },
  en: {
    invalid: 'Invalid value',
    required: 'This field is required',
    tooLong: 'Enter at most {{max}} characters',
    tooShort: 'Enter at least {{min}} characters',
    notString: 'Enter text',
    mailFormat: 'Enter a valid email address',
    mailTaken: 'This email address is already registered',
    passFormat: 'Use 6 to 20 half-width letters and digits',
    passMismatch: 'Does not match password confirmation',
    telDigits: 'Enter the phone number as 10 or 11 digits, without hyphens',
    nameFormat: 'Contains characters that cannot be used',
    formulaStart: 'Cannot start with "=" or "@"',
    referralUnknown: 'This referral code does not exist',
    zipFormat: 'Enter the postal code as 7 digits, without a hyphen',
    prefRequired: 'Choose a prefecture',
    agreeRequired: 'You must agree to the Terms of Service and the Privacy Policy',
    loginMismatch: 'Email address or password do not match',
    loginLocked: 'Too many login attempts. Try again in {{minutes}} minutes',
    passwordLocked: 'Too many wrong passwords. Try again in {{minutes}} minutes',
    reissueLocked: 'Too many reissue requests. Please try again later',
    reissueTokenInvalid: 'This link is invalid or has expired. Please request a new one',
    verifyTokenInvalid: 'This confirmation link is invalid or has expired. Please ask for a new confirmation mail',
    loginRequired: 'Please log in',
    csrf: 'This page has expired. Reload it and try again',
    notFound: 'Not found',
    conflict: 'This conflicted with another action. Please try again',
    rateLimited: 'Too many requests. Please try again shortly',
    internal: 'A system error occurred. Please try again later',
    maintenance: 'System maintenance in progress',
    badRequest: 'The request is malformed',
    tooLarge: 'The request is too large',
    communication: 'Communication error',
    illegal: 'is illegal',
    insufficientPoints: 'Not enough points',
    insufficientCoins: 'Not enough coins',
  },
} as const;

/** Each domain keeps its keys in its own file; a key must exist in both languages (a test checks). */
export const messages = {
  ja: {
    ...baseMessages.ja,
    ...accountMessages.ja,
    ...packMessages.ja,
    ...paymentMessages.ja,
    ...perkMessages.ja,
    ...membershipMessages.ja,
    ...responsiblePlayMessages.ja,
    ...dropMessages.ja,
  },
  en: {
    ...baseMessages.en,
    ...accountMessages.en,
    ...packMessages.en,
    ...paymentMessages.en,
    ...perkMessages.en,
    ...membershipMessages.en,
    ...responsiblePlayMessages.en,
    ...dropMessages.en,
  },
} as const;

export type Lang = keyof typeof messages;
export type MessageKey = keyof (typeof messages)['ja'] & string;
export const LANGS: readonly Lang[] = ['ja', 'en'];

/** A message parameter worded per language (a rank's name, say): the translation picks the reader's. */
export type Localized = Readonly<Record<Lang, string>>;
type MessageParams = Record<string, string | number | Localized>;

/** A parameter worded by `word` in each language, for msg(). */
export function inEachLang(word: (lang: Lang) => string): Localized {
  return { ja: word('ja'), en: word('en') };
}

/** Translates a message key (or a `key|{"max":20}` string produced by the schemas) into `lang`. */
export function translateMessage(lang: Lang, keyWithParams: string): string {
  const [key, raw] = keyWithParams.split('|', 2) as [string, string | undefined];
  const table = messages[lang] as Record<string, string>;
  const template = table[key];
  if (template === undefined) return keyWithParams.includes(' ') ? keyWithParams : table.invalid!;
  const params = raw ? (JSON.parse(raw) as MessageParams) : {};
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name] ?? '';
    return typeof value === 'object' ? value[lang] : String(value);
  });
}

/** Builds a message reference with parameters, e.g. msg('tooLong', { max: 20 }). */
export function msg(key: MessageKey, params?: MessageParams): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}
