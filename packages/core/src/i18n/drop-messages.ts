/** The waiting room's errors (issue 22): joining, the challenge, the refusal of a drop without admission. */
export const dropMessages = {
  ja: {
    dropNotAdmitted: 'このパックは順番待ちの販売です。パックのページで順番が来るまでお待ちください',
    dropAdmissionExpired: '購入できる時間が終わりました。パックのページからもう一度並んでください',
    dropNotOpen: 'このパックの順番待ちはまだ始まっていません',
    dropNotADrop: 'このパックは順番待ちの販売ではありません',
    dropChallengeInvalid: 'ロボットでないことの確認に失敗しました。ページを再読み込みしてください',
    dropTooManyRequests: 'アクセスが集中しています。少し待ってからもう一度お試しください',
    dropPrequeueInvalid: '事前待機の時間は1〜240分の整数で入力してください',
    dropRateInvalid: '1分あたりの入場人数は1〜100000の整数で入力してください',
    dropStayInvalid: '入場後に購入できる時間は1〜120分の整数で入力してください',
    dropAlreadyOpen: '順番待ちが始まったあとは設定を変更できません',
    dropNoStart: '販売開始日時が決まっていないパックには順番待ちを設定できません',
  },
  en: {
    dropNotAdmitted: 'This pack is sold through a queue. Please wait on the pack page until it is your turn',
    dropAdmissionExpired: 'Your time to buy has ended. Please join the queue again from the pack page',
    dropNotOpen: 'The queue for this pack has not opened yet',
    dropNotADrop: 'This pack is not sold through a queue',
    dropChallengeInvalid: 'We could not confirm you are not a robot. Please reload the page',
    dropTooManyRequests: 'Too many requests. Please wait a moment and try again',
    dropPrequeueInvalid: 'Give the pre-queue window as a whole number of minutes from 1 to 240',
    dropRateInvalid: 'Give the members admitted per minute as a whole number from 1 to 100000',
    dropStayInvalid: 'Give the time to buy after admission as a whole number of minutes from 1 to 120',
    dropAlreadyOpen: 'The queue has opened; its settings can no longer change',
    dropNoStart: 'A pack needs a sale start before it can have a queue',
  },
} as const;
