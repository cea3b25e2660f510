/** Responsible play (issue 19 §2): spending limits, cool-off, birth month and guardian consent. */
export const responsiblePlayMessages = {
  ja: {
    birthMonthInvalid: '生年月を正しく入力してください',
    birthMonthRequired: '初めてのご購入の前に生年月を入力してください',
    birthMonthAlreadySet: '生年月は登録済みです',
    guardianConsentRequired: '未成年の方は保護者の同意が必要です',
    monthlyLimitInvalid: '上限額は0〜10,000,000円の半角数字で入力してください（空欄で上限なし）',
    coolOffInvalid: '期間を選択してください',
    spendingLimitReached: 'このご購入で今月の購入上限 ¥{{limit}} を超えます（今月の購入額 ¥{{total}}）',
    ageLimitReached: 'このご購入で年齢による今月の購入上限 ¥{{limit}} を超えます（今月の購入額 ¥{{total}}）',
    coolOffActive: 'クールオフ期間中のため {{until}} まで購入できません',
  },
  en: {
    birthMonthInvalid: 'Enter your year and month of birth',
    birthMonthRequired: 'Enter your year and month of birth before your first purchase',
    birthMonthAlreadySet: 'Your year and month of birth are already registered',
    guardianConsentRequired: "Members under 18 need their guardian's consent",
    monthlyLimitInvalid: 'Enter a limit from 0 to 10,000,000 yen in digits (empty for no limit)',
    coolOffInvalid: 'Choose a period',
    spendingLimitReached:
      "This purchase would go over this month's purchase limit of ¥{{limit}} (this month's purchases: ¥{{total}})",
    ageLimitReached:
      "This purchase would go over this month's purchase limit for your age of ¥{{limit}} (this month's purchases: ¥{{total}})",
    coolOffActive: 'You are in a cool-off period and cannot buy until {{until}}',
  },
} as const;
