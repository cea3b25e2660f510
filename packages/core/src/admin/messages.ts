import { catalogueMessages } from '../catalogue/messages.ts';
import { fulfilmentMessages } from '../fulfilment/messages.ts';
import { programmesConsoleMessages } from '../programmes-console/messages.ts';
import { translateMessage, type Lang, type MessageKey } from '../i18n/messages.ts';

/**
 * Error and validation messages of the operator console (/api/admin and the admin bundle). Kept apart from the
 * shop's table (i18n/messages.ts) so the storefront bundle does not carry them; the server translates with
 * translateAdminMessage, which falls back to the shop's table. Each console area may add its keys here (a key must
 * exist in both languages; admin.test.ts checks).
 */
export const adminMessages = {
  ja: {
    ...fulfilmentMessages.ja,
    ...catalogueMessages.ja,
    ...programmesConsoleMessages.ja,
    staffLoginMismatch: 'メールアドレスまたはパスワードが一致しません',
    staffLoginRequired: 'スタッフとしてログインしてください',
    staffTotpRequired: '2段階認証を完了してください',
    staffForbidden: 'この操作を行う権限がありません',
    staffPassFormat: 'パスワードは12〜128文字で入力してください',
    staffTotpFormat: '認証アプリに表示された6桁の数字を入力してください',
    staffTotpMismatch: '確認コードが正しくありません。最新のコードを入力してください',
    staffTotpLocked: '確認コードの試行回数が上限を超えました。{{minutes}}分後にもう一度お試しください',
    staffTotpNotStarted: '2段階認証の設定をやり直してください',
    staffSetupTokenInvalid: 'この招待リンクは無効か、有効期限が切れています。オーナーに再発行を依頼してください',
    staffMailTaken: 'このメールアドレスのスタッフは既に登録されています',
    staffRoleUnknown: '役割を一覧から選んでください',
    staffLastOwner: '最後の有効なオーナーは無効化・役割変更できません',
    staffSelf: '自分自身のアカウントにはこの操作を行えません',
    reasonRequired: '理由を入力してください',
    amountInteger: '0以外の整数を入力してください',
    amountTooLarge: '一度に調整できるのは{{max}}までです',
    adjustOverBalance: '残高（{{balance}}）を超えて減らすことはできません',
    currencyUnknown: 'ポイントかコインを選んでください',
    memberSuspended: 'このアカウントは利用停止中です。お問い合わせください',
    dateRange: '開始日は終了日以前の日付にしてください',
    dateFormat: '日付はYYYY-MM-DDの形式で入力してください',
    approvalDecided: 'この申請は既に処理されています',
    approvalOwnRequest: '自分の申請は承認・却下できません。別のオーナーの承認が必要です',
    approvalOwnerOnly: '承認・却下できるのはオーナーだけです',
    approvalNotDue: '{{at}}まではこの変更を実行できません',
    approvalPending: 'このスタッフへの同じ変更が既に承認待ちです',
    noticeNothingToRead: '既読にするお知らせを選んでください',
  },
  en: {
    ...fulfilmentMessages.en,
    ...catalogueMessages.en,
    ...programmesConsoleMessages.en,
    staffLoginMismatch: 'Email address or password do not match',
    staffLoginRequired: 'Please sign in as staff',
    staffTotpRequired: 'Complete two-step verification',
    staffForbidden: 'You do not have permission for this action',
    staffPassFormat: 'Use 12 to 128 characters for the password',
    staffTotpFormat: 'Enter the 6-digit code shown in your authenticator app',
    staffTotpMismatch: 'The code is not correct. Enter the current code',
    staffTotpLocked: 'Too many code attempts. Try again in {{minutes}} minutes',
    staffTotpNotStarted: 'Start the two-step verification setup again',
    staffSetupTokenInvalid: 'This invitation link is invalid or has expired. Ask an owner for a new one',
    staffMailTaken: 'A staff member with this email address already exists',
    staffRoleUnknown: 'Choose a role from the list',
    staffLastOwner: 'The last active owner cannot be disabled or given another role',
    staffSelf: 'You cannot do this to your own account',
    reasonRequired: 'Enter a reason',
    amountInteger: 'Enter a whole number other than 0',
    amountTooLarge: 'One adjustment can be at most {{max}}',
    adjustOverBalance: 'Cannot take more than the balance ({{balance}})',
    currencyUnknown: 'Choose points or coins',
    memberSuspended: 'This account is suspended. Please contact us',
    dateRange: 'The start date must not be after the end date',
    dateFormat: 'Enter dates as YYYY-MM-DD',
    approvalDecided: 'This request has already been decided',
    approvalOwnRequest: 'You cannot approve or refuse your own request. Another owner must approve it',
    approvalOwnerOnly: 'Only an owner can approve or refuse',
    approvalNotDue: 'This change cannot be made before {{at}}',
    approvalPending: 'The same change to this staff member is already waiting for approval',
    noticeNothingToRead: 'Choose the notices to mark as read',
  },
} as const;

export type AdminMessageKey = keyof (typeof adminMessages)['ja'] & string;

/** Like translateMessage, looking in the console's table first. */
export function translateAdminMessage(lang: Lang, keyWithParams: string): string {
  const [key, raw] = keyWithParams.split('|', 2) as [string, string | undefined];
  const template = (adminMessages[lang] as Record<string, string>)[key];
  if (template === undefined) return translateMessage(lang, keyWithParams);
  const params = raw ? (JSON.parse(raw) as Record<string, string | number>) : {};
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** A message reference with parameters, e.g. adminMsg('amountTooLarge', { max: 1000000 }) (shop keys work too). */
export function adminMsg(key: AdminMessageKey | MessageKey, params?: Record<string, string | number>): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}
