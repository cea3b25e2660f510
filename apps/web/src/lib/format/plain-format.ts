/**
 * Numbers and Tokyo dates drawn without Intl, for what the storefront shows on a page's first render.
 *
 * Why not Intl: the first Intl object a fresh page makes (a `toLocaleString`, a DateTimeFormat, PluralRules) loads
 * ICU's data, 20-60 ms of main thread at 1x CPU in Chromium on our machines, 80-250 ms at the 4x of a phone. Each
 * later call costs microseconds, so that first one landed inside hydration as one long task (the header's point
 * balance alone measured 50 ms at 4x). The shop's two languages need none of ICU's range here: ja-JP and en-US
 * group digits the same way (1,234,567 and 0.5), and Asia/Tokyo has kept UTC+9 without summer time since 1951, so a
 * Tokyo calendar date is UTC arithmetic (core's tokyoParts). lib/format/plain-format.test.ts holds both to Intl's own
 * output.
 * The same digits on both sides, too: the `toLocaleString()` calls this replaced used the device's own locale (a
 * German phone drew 1.234 where the server's render had 1,234), and Node's and Chromium's ICU differ in places
 * (en-GB's September is "Sept" in newer ones).
 */

/**
 * A number as ja-JP and en-US write it: 12,345 / -1,234.5, rounded half away from zero to at most `maxFraction`
 * decimals (3, Intl's default), and 0 for what is not a finite number. Beyond a trillion, or below a millionth, it is
 * Intl's, cost and all: no amount of the shop's is.
 */
export function groupDigits(value: number, maxFraction = 3): string {
  if (!Number.isFinite(value)) return '0';
  // The shortest decimal that reads back as the number, what ICU rounds from (not the binary value toFixed rounds).
  let decimal = String(Math.abs(value));
  if (decimal.includes('e') || Math.abs(value) >= 1e12) {
    return value.toLocaleString('en-US', { maximumFractionDigits: maxFraction });
  }
  const [whole, fraction = ''] = decimal.split('.') as [string, string?];
  if (fraction.length > maxFraction) {
    // Move the point maxFraction places right on the digits, round to a whole number, and move it back.
    const shifted = String(
      Math.round(Number(`${whole}${fraction.slice(0, maxFraction)}.${fraction.slice(maxFraction)}`)),
    );
    const padded = shifted.padStart(maxFraction + 1, '0');
    decimal = `${padded.slice(0, padded.length - maxFraction)}.${padded.slice(padded.length - maxFraction)}`;
  }
  const [w, f = ''] = decimal.split('.') as [string, string?];
  const kept = f.replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${w.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${kept ? `.${kept}` : ''}`;
}

/** A ratio as a percentage, as Intl's `style: 'percent'` writes it in ja-JP and en-US: 0.1234 → "12.34%". */
export function percent(ratio: number, maxFraction = 2): string {
  return `${groupDigits(ratio * 100, maxFraction)}%`;
}

export const WEEKDAYS_JA = '日月火水木金土';
export const WEEKDAYS_EN = 'Sun Mon Tue Wed Thu Fri Sat'.split(' ');
export const MONTHS_EN = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** Two digits: 5 → "05". */
export const pad2 = (n: number) => String(n).padStart(2, '0');

export type Lang = 'ja' | 'en';

/** Which of the shop's languages a language tag draws in: English for en and en-*, Japanese for anything else. */
export const langOf = (language: string | undefined): Lang => (language?.startsWith('en') ? 'en' : 'ja');

/**
 * The plural category of a count in the shop's languages, as Intl.PluralRules says it: Japanese has only "other";
 * English has "one" for exactly 1 or -1 (not 1.5, not 0) and "other" for the rest.
 */
export function pluralCategory(lng: string, count: number): 'one' | 'other' {
  return langOf(lng) === 'en' && Math.abs(count) === 1 ? 'one' : 'other';
}

/** Every plural category of a language, in CLDR's order: Japanese "other", English "one" and "other". */
export const pluralCategories = (lng: string): readonly string[] =>
  langOf(lng) === 'en' ? ['one', 'other'] : ['other'];
