/** Account error and validation messages (keys used by schemas and AppError). */
export const accountMessages = {
  ja: {
    prefUnknown: '選択できない都道府県です。一覧から選んでください',
    accountClosedIdle:
      '6ヶ月以上ポイントのご購入・ご利用・交換がなかったため、このアカウントは閉鎖されました（事前にメールでお知らせしています）',
    // Issue 19 §2: one refusal for every way to gain value (buying, exchanging, programme rewards).
    mailUnverified:
      'メールアドレスの確認が済むまで、ご購入やポイント・特典の受け取りはできません。確認メールのリンクを開いてください。',
    // Issue 22: My Page's choice of how the live hit ticker names the member.
    tickerNameInvalid: '当たりの速報での表示は「匿名」か「姓の頭文字」から選んでください',
  },
  en: {
    prefUnknown: 'This prefecture cannot be chosen. Pick one from the list',
    accountClosedIdle:
      'This account was closed because no points were bought, used or exchanged for 6 months (we told you by mail beforehand)',
    mailUnverified:
      'Please confirm your mail address first: until then you cannot buy, or receive points and rewards. Open the link in the mail we sent you.',
    tickerNameInvalid: 'Choose how the live hit ticker shows you: anonymous or your family name initial',
  },
} as const;
