import { PAY_GROUPS, type PayGroup } from '../contract/payments.ts';

/**
 * The groups of the confirm page's method list (issue 23), in the order they are shown. A buyer looks for "card" or
 * "convenience store" before a brand, so the server's flat list is shown under these headings. 'other' holds any id
 * this build does not know yet (the list comes from the server, which may offer a method before the page knows it).
 */
export const METHOD_GROUPS = ['card', 'smartphone', 'combini', 'bank', 'carrier', 'other'] as const;
export type MethodGroup = (typeof METHOD_GROUPS)[number];

/**
 * The group of each pay id: the contract's PAY_GROUPS (the one table the server's pay list is ordered by and labels
 * each method with), keyed by id for the page.
 */
export const METHOD_GROUP_OF: Readonly<Record<number, MethodGroup>> = Object.fromEntries(
  (Object.keys(PAY_GROUPS) as PayGroup[]).flatMap((group) => PAY_GROUPS[group].map((id) => [id, group])),
);

export function methodGroup(payId: number): MethodGroup {
  return METHOD_GROUP_OF[payId] ?? 'other';
}

/** The server's list under the groups, in group order; within a group the server's order is kept. Empty groups are left out. */
export function groupMethods<T extends { id: number }>(list: readonly T[]): { group: MethodGroup; methods: T[] }[] {
  return METHOD_GROUPS.map((group) => ({ group, methods: list.filter((m) => methodGroup(m.id) === group) })).filter(
    (g) => g.methods.length > 0,
  );
}
