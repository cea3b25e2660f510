import { tally } from './tally.ts';

/** What the combined pick list needs of a parcel line. */
export interface PickLineCard {
  name: string;
  model_number: string;
  image_url: string;
  rank: string;
}

/** One card of the combined pick list: how many to take from the shelf, and which parcels they go to. */
export interface CombinedPickCard extends PickLineCard {
  count: number;
  parcels: { id: number; count: number }[];
}

/** A card is the same card when its model number and name are (the lines carry no card id of their own). */
const cardKey = (l: PickLineCard) => `${l.model_number}\u0000${l.name}`;

/**
 * The combined pick list (issue 21): every line of these parcels grouped by card, each with the total to pick and
 * the parcels it goes to (a parcel once, with its count), in model-number order (the order cards are shelved),
 * then name. Picking once per card and then sorting into parcels is how a warehouse works through many parcels.
 */
export function combinedPickList(
  shipments: readonly { id: number; lines: readonly PickLineCard[] }[],
): CombinedPickCard[] {
  const lines = shipments.flatMap((s) => s.lines.map((l) => ({ ...l, parcel: s.id })));
  return tally(lines, cardKey)
    .map((g) => ({
      name: g.first.name,
      model_number: g.first.model_number,
      image_url: g.first.image_url,
      rank: g.first.rank,
      count: g.items.length,
      parcels: tally(g.items, (l) => l.parcel).map((p) => ({ id: p.key, count: p.items.length })),
    }))
    .sort(
      (a, b) =>
        // Lines without a model number (exchange corner cards may have none) go last.
        Number(a.model_number === '') - Number(b.model_number === '') ||
        a.model_number.localeCompare(b.model_number, 'ja', { numeric: true }) ||
        a.name.localeCompare(b.name, 'ja'),
    );
}
