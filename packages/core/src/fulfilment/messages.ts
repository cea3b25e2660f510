/** Messages of the operator console's fulfilment, payments and operations (keys used by AppError and imports). */
export const fulfilmentMessages = {
  ja: {
    trackingCsvEmpty: 'ファイルにデータ行がありません',
    trackingCsvColumns: '列が正しくありません。1行目に「{{shipment}}」と「{{tracking}}」の列が必要です',
    trackingCsvTooMany: '一度に取り込めるのは{{max}}行までです',
    trackingCsvBadId: '{{line}}行目: 発送番号が数字ではありません',
    trackingCsvBadCarrier: '{{line}}行目: 配送業者が分かりません（ヤマト運輸・日本郵便・佐川急便）',
    trackingCsvBadNumber: '{{line}}行目: 伝票番号の形式が配送業者と合いません',
    trackingCsvCheckDigit:
      '{{line}}行目: 伝票番号の最後の桁（チェックデジット）が合いません。打ち間違いがないか確認してください',
    trackingCsvDuplicateNumber: '{{line}}行目: 伝票番号が{{other}}行目と重複しています',
    trackingCsvDuplicateShipment: '{{line}}行目: 発送番号が{{other}}行目と重複しています',
    trackingCsvUnknownShipment: '{{line}}行目: 発送番号{{id}}が見つかりません',
    trackingCsvWrongStatus: '{{line}}行目: 発送番号{{id}}は発送準備中・梱包済みではありません',
    trackingCsvNumberTaken: '{{line}}行目: 伝票番号は既に発送番号{{id}}で使われています',
    trackingCsvEncoding: 'ファイルを読めません。Shift_JISまたはUTF-8のCSVを選んでください',
    trackingNumberInvalid: '伝票番号の形式が配送業者と合いません',
    trackingNumberCheckDigit: '伝票番号の最後の桁（チェックデジット）が合いません。打ち間違いがないか確認してください',
    trackingNumberTaken: 'この伝票番号は既に発送番号{{id}}で使われています',
    trackingNumberRequired: '発送済みにするには配送業者と伝票番号が必要です',
    shipmentMoveRefused: 'この発送は今の状態（{{from}}）から変更できません',
    shipmentChanged: 'この発送に新しいカードが追加されました。ピッキングリストを確認してください',
    shipmentsNoneSelected: '発送を選択してください',
    bankAmountMismatch: '入金額がご請求額（{{expected}}円）と一致しません',
    bankNotPending: 'この振込は既に処理されています',
    bankNotTransfer: '銀行振込のお支払いではありません',
    maintenanceMessageTooLong: 'メッセージは{{max}}文字以内で入力してください',
    reportMonthInvalid: '年月はYYYY-MMの形式で指定してください',
    reportBaseDateInvalid: '基準日は3月31日または9月30日を選んでください',
    settingTooLong: '80文字以内で入力してください',
    settingPlainText: '記号「<」「>」や改行は使えません',
    settingUrl: 'https:// で始まるURLを入力してください',
    settingUrlTooLong: 'URLは300文字以内で入力してください',
    antiqueDealerLicenceNumber: '12桁の許可番号を含めて入力してください（例：東京都公安委員会 第301012345678号）',
  },
  en: {
    trackingCsvEmpty: 'The file has no data rows',
    trackingCsvColumns: 'Wrong columns: the first row needs a "{{shipment}}" and a "{{tracking}}" column',
    trackingCsvTooMany: 'At most {{max}} rows can be imported at once',
    trackingCsvBadId: 'Line {{line}}: the shipment number is not a number',
    trackingCsvBadCarrier: 'Line {{line}}: unknown carrier (Yamato, Japan Post or Sagawa)',
    trackingCsvBadNumber: "Line {{line}}: the tracking number does not match the carrier's format",
    trackingCsvCheckDigit:
      'Line {{line}}: the last digit of the tracking number (its check digit) is wrong. Check it for a typo',
    trackingCsvDuplicateNumber: 'Line {{line}}: the tracking number repeats line {{other}}',
    trackingCsvDuplicateShipment: 'Line {{line}}: the shipment number repeats line {{other}}',
    trackingCsvUnknownShipment: 'Line {{line}}: shipment {{id}} does not exist',
    trackingCsvWrongStatus: 'Line {{line}}: shipment {{id}} is not preparing or packed',
    trackingCsvNumberTaken: 'Line {{line}}: the tracking number is already used by shipment {{id}}',
    trackingCsvEncoding: 'The file cannot be read. Choose a Shift_JIS or UTF-8 CSV file',
    trackingNumberInvalid: "The tracking number does not match the carrier's format",
    trackingNumberCheckDigit: 'The last digit of the tracking number (its check digit) is wrong. Check it for a typo',
    trackingNumberTaken: 'This tracking number is already used by shipment {{id}}',
    trackingNumberRequired: 'A carrier and a tracking number are needed to mark it shipped',
    shipmentMoveRefused: 'This shipment cannot change from its current status ({{from}})',
    shipmentChanged: 'New cards were added to this shipment. Check the pick list again',
    shipmentsNoneSelected: 'Select at least one shipment',
    bankAmountMismatch: 'The amount received does not match the amount due ({{expected}} yen)',
    bankNotPending: 'This transfer has already been handled',
    bankNotTransfer: 'This is not a bank-transfer payment',
    maintenanceMessageTooLong: 'Enter at most {{max}} characters',
    reportMonthInvalid: 'Give the month as YYYY-MM',
    reportBaseDateInvalid: 'Choose 31 March or 30 September as the base date',
    settingTooLong: 'Enter at most 80 characters',
    settingPlainText: 'The signs < and > and line breaks cannot be used',
    settingUrl: 'Enter a URL that starts with https://',
    settingUrlTooLong: 'Enter a URL of at most 300 characters',
    // English script only: the console's English answers are checked for Japanese (bad-input-admin).
    antiqueDealerLicenceNumber:
      'Include the 12-digit licence number after the commission that issued it (e.g. Tokyo Metropolitan Public Safety Commission No. 301012345678)',
  },
} as const;

export type FulfilmentMessageKey = keyof (typeof fulfilmentMessages)['ja'] & string;

/** A message reference with parameters, translated by the server's translateAdminMessage. */
export function fulfilmentMsg(key: FulfilmentMessageKey, params?: Record<string, string | number>): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}
