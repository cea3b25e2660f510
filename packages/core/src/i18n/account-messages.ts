/** Account error and validation messages (keys used by schemas and AppError). */
export const accountMessages = {
  ja: {
    prefUnknown: '選択できない都道府県です。一覧から選んでください',
    accountClosedIdle:
      '6ヶ月以上ポイントのご購入・ご利用・交換がなかったため、このアカウントは閉鎖されました（事前にメールでお知らせしています）',
  },
  en: {
    prefUnknown: 'This prefecture cannot be chosen. Pick one from the list',
    accountClosedIdle:
      'This account was closed because no points were bought, used or exchanged for 6 months (we told you by mail beforehand)',
  },
} as const;
