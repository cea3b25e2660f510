/** The carriers the shop ships with, and where each one's tracking page for a parcel number is. */
export const CARRIERS = {
  yamato: {
    ja: 'ヤマト運輸',
    en: 'Yamato Transport',
    track: (n: string) => `https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=${n}`,
    /** 12 digits, hyphens allowed on input (e.g. 1234-5678-9012). */
    pattern: /^\d{12}$/,
  },
  japanpost: {
    ja: '日本郵便',
    en: 'Japan Post',
    track: (n: string) => `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${n}`,
    /** 11 to 13 digits (click post, ゆうパック, ゆうパケット), or a letter-digit international number. */
    pattern: /^(\d{11,13}|[A-Z]{2}\d{9}[A-Z]{2})$/,
  },
  sagawa: {
    ja: '佐川急便',
    en: 'Sagawa Express',
    track: (n: string) => `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${n}`,
    pattern: /^\d{10,12}$/,
  },
} as const;

export type Carrier = keyof typeof CARRIERS;
export const CARRIER_KEYS = Object.keys(CARRIERS) as Carrier[];

export function isCarrier(s: unknown): s is Carrier {
  return typeof s === 'string' && Object.hasOwn(CARRIERS, s);
}

/** A tracking number as operators type or paste it: full-width digits and letters made half-width, separators dropped. */
export function normalizeTrackingNumber(raw: string): string {
  return raw
    .replace(/[０-９Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\s\-‐－ー−]/g, '')
    .toUpperCase();
}

/** Whether a normalised number has the carrier's shape. */
export function isTrackingNumber(carrier: Carrier, normalized: string): boolean {
  return CARRIERS[carrier].pattern.test(normalized);
}

/** The carrier's public tracking page for a parcel. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string {
  return CARRIERS[carrier].track(encodeURIComponent(normalizeTrackingNumber(trackingNumber)));
}

/** Carrier names as Japanese operators write them in CSVs, to our keys. */
export function carrierFromLabel(label: string): Carrier | null {
  const s = label.trim().toLowerCase();
  if (isCarrier(s)) return s;
  for (const key of CARRIER_KEYS) {
    const c = CARRIERS[key];
    if (s === c.ja.toLowerCase() || s === c.en.toLowerCase()) return key;
  }
  if (/ヤマト|クロネコ|宅急便/.test(label)) return 'yamato';
  if (/郵便|ゆうパック|クリックポスト|ゆうパケット/.test(label)) return 'japanpost';
  if (/佐川/.test(label)) return 'sagawa';
  return null;
}
