import { PAY_ID } from '../contract/payments.ts';

/**
 * The groups of the confirm page's method list (issue 23), in the order they are shown. A buyer looks for "card" or
 * "convenience store" before a brand, so the server's flat list is shown under these headings. 'other' holds any id
 * this build does not know yet (the list comes from the server, which may offer a method before the page knows it).
 */
export const METHOD_GROUPS = ['card', 'smartphone', 'combini', 'bank', 'carrier', 'other'] as const;
export type MethodGroup = (typeof METHOD_GROUPS)[number];

/**
 * The group of each pay id, as the lead decided (briefs/pay-ids). Apple Pay and Google Pay charge a card, so they sit
 * with the cards. Ids 10, 11, 13 and 14 are new in issue 23 and have no PAY_ID names on this branch yet: they are
 * keyed by number until the payment-rail branch adds fleaMarketApp, auPay, paidy and applePay.
 */
export const METHOD_GROUP_OF: Readonly<Record<number, MethodGroup>> = {
  [PAY_ID.card]: 'card',
  [PAY_ID.card3ds]: 'card',
  14: 'card', // applePay (Apple Pay)
  [PAY_ID.searchWallet]: 'card',
  [PAY_ID.mobileApp]: 'smartphone',
  10: 'smartphone', // fleaMarketApp (メルペイ)
  11: 'smartphone', // auPay (au PAY)
  13: 'smartphone', // paidy (Paidy, あと払い)
  [PAY_ID.globalWallet]: 'smartphone',
  [PAY_ID.retailerWallet]: 'smartphone',
  // LINE Pay is retired (issue 23); should an old server still list it, it is a smartphone payment.
  [PAY_ID.messagingApp]: 'smartphone',
  [PAY_ID.combini]: 'combini',
  [PAY_ID.bankTransfer]: 'bank',
  [PAY_ID.carrier]: 'carrier',
};

export function methodGroup(payId: number): MethodGroup {
  return METHOD_GROUP_OF[payId] ?? 'other';
}

/** The server's list under the groups, in group order; within a group the server's order is kept. Empty groups are left out. */
export function groupMethods<T extends { id: number }>(list: readonly T[]): { group: MethodGroup; methods: T[] }[] {
  return METHOD_GROUPS.map((group) => ({ group, methods: list.filter((m) => methodGroup(m.id) === group) })).filter(
    (g) => g.methods.length > 0,
  );
}
