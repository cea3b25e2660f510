/** `GET /api/user/pref_list`: prefectures in the caller's language (99 "overseas" only in English). */
export interface PrefectureItem {
  id: number;
  name: string;
}
export interface PrefectureListReply {
  list: PrefectureItem[];
}

/**
 * `POST /api/address/zipcode`: a list whose first item is the match (empty when the code is unknown).
 * prefcode is the JIS prefecture number, the same id the prefecture list and append_address use.
 */
export interface ZipcodeLookupItem {
  prefcode: number;
  /** Prefecture name, e.g. 東京都. */
  address1: string;
  /** City / ward, e.g. 千代田区. */
  address2: string;
  /** Town area, e.g. 千代田. */
  address3: string;
}
export interface ZipcodeLookupReply {
  list: ZipcodeLookupItem[];
}

/** A postal code as people read it (〒100-0001); stored and sent as 7 digits. Anything else is shown as it is. */
export const hyphenZip = (z: string) => (/^\d{7}$/.test(z) ? `${z.slice(0, 3)}-${z.slice(3)}` : z);
