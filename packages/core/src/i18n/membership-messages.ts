/** Messages of membership: SMS verification, coins and ranks, withdrawal (issue 11; keys used by AppError). */
export const membershipMessages = {
  ja: {
    telFormat: '入力された電話番号の形式が正しくありません。',
    telNotMobile: 'SMSを受信できる日本の携帯電話番号（070・080・090）を入力してください',
    telTaken: 'この電話番号は既に別のアカウントで認証されています',
    smsAlreadyVerified: 'このアカウントはSMS認証済みです',
    smsCooldown: '認証コードを送信したばかりです。{{seconds}}秒ほど待ってから再送信してください',
    smsDailyLimit: '本日の送信回数の上限に達しました。24時間以上あけてからもう一度お試しください',
    smsSendFailed: 'SMSを送信できませんでした。時間をおいてもう一度お試しください',
    smsCodeRequired: '認証コードを入力してください。',
    smsCodeFormat: '認証コードは6桁の半角数字で入力してください',
    smsCodeMismatch: '認証コードが一致しません',
    smsCodeNone: '認証コードが送信されていません。電話番号を入力してコードを送信してください',
    smsCodeExpired: '認証コードの有効期限（10分）が切れています。もう一度コードを送信してください',
    smsCodeUsed: 'この認証コードは使用済みです。もう一度コードを送信してください',
    smsTooManyTries: '入力回数の上限（5回）を超えました。もう一度コードを送信してください',
    rankCardChosen: 'この特典カードは選択済みです',
    rankCardNoAddress: '発送先の住所を登録してから選択してください',
    withdrawPassMismatch: 'パスワードが正しくありません',
    withdrawCardsPending:
      '発送かポイント交換を選択していないカードがあります。カードの選択を済ませてから退会してください',
    withdrawPaymentsOpen:
      'お支払いが完了していないご注文があります。お支払いの完了または期限切れの後に退会してください',
    rankMaintenanceNotOffered:
      '今月のランク維持は不要です（ランク維持の条件を満たしているか、維持できるランクではありません）',
  },
  en: {
    telFormat: 'The phone number format is incorrect.',
    telNotMobile: 'Enter a Japanese mobile number (070, 080 or 090) that can receive SMS',
    telTaken: 'This phone number is already verified on another account',
    smsAlreadyVerified: 'This account is already verified by SMS',
    smsCooldown: 'A code was just sent. Wait about {{seconds}} seconds before sending another',
    smsDailyLimit: 'You have reached today’s limit of codes. Try again after 24 hours',
    smsSendFailed: 'The SMS could not be sent. Please try again later',
    smsCodeRequired: 'Enter the verification code.',
    smsCodeFormat: 'Enter the 6-digit verification code',
    smsCodeMismatch: 'The code does not match',
    smsCodeNone: 'No code has been sent. Enter your phone number and send a code',
    smsCodeExpired: 'The code has expired (after 10 minutes). Send a new code',
    smsCodeUsed: 'This code has already been used. Send a new code',
    smsTooManyTries: 'Too many wrong codes (5). Send a new code',
    rankCardChosen: 'This reward card has already been chosen',
    rankCardNoAddress: 'Register a shipping address first',
    withdrawPassMismatch: 'The password is incorrect',
    withdrawCardsPending:
      'Some drawn cards still wait for your choice to ship or convert them. Choose first, then withdraw',
    withdrawPaymentsOpen: 'A payment of yours is not completed yet. Withdraw once it is paid or has expired',
    rankMaintenanceNotOffered:
      'Your rank needs no maintenance this month (it is kept already, or it is not a rank to keep)',
  },
} as const;
