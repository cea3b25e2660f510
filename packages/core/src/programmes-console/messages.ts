/** Messages of the console's programme pages (exchange catalogue and orders, partner sites, SNS campaigns). */
export const programmesConsoleMessages = {
  ja: {
    exchangeConvertOverPrice: '変換ポイントは交換ポイント（{{price}}P）以下にしてください',
    exchangeStockBelowTaken: '在庫数は交換済みの{{taken}}枚より少なくできません',
    snsCodeFormat: 'キャンペーンコードは半角英数字・ハイフン・アンダースコアで3〜30文字にしてください',
    snsCodeTaken: 'このキャンペーンコードは既にあります（大文字・小文字は区別しません）',
    followUrlFormat: 'フォロー先は https:// で始まるアドレスにしてください',
  },
  en: {
    exchangeConvertOverPrice: 'The conversion points may not exceed the exchange price ({{price}} P)',
    exchangeStockBelowTaken: 'The stock cannot be less than the {{taken}} already exchanged',
    snsCodeFormat: 'Use 3 to 30 letters, digits, hyphens or underscores for the campaign code',
    snsCodeTaken: 'This campaign code already exists (upper and lower case count as the same)',
    followUrlFormat: 'The follow address must start with https://',
  },
} as const;
