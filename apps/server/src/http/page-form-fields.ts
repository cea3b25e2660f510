/**
 * The storefront forms' fields that carry credentials or personal data and are never a page's own query parameter
 * (apps/web: LoginPage, UserRegisterPage, SmsPage, TransferPointPage, CouponForm, …). A page drawn by the server
 * holds its forms before React runs them (ADR 0052); a browser that sent one by itself, or an old page whose form had
 * no method, put these into the address. They are taken out of the address (web-pages.ts) and of the log (app.ts).
 */
export const FORM_FIELDS: ReadonlySet<string> = new Set([
  'mail',
  'pass',
  'password',
  'confirmPass',
  'loginid',
  'tel',
  'sms_code',
  'card',
  'couponCode',
  'referralCode',
]);

/** `url` (a request's path and query) without the form fields; `dropped` says whether it had any. */
export function withoutFormFields(url: string): { url: string; dropped: boolean } {
  const mark = url.indexOf('?');
  if (mark < 0) return { url, dropped: false };
  const params = new URLSearchParams(url.slice(mark + 1));
  const names = [...new Set(params.keys())].filter((name) => FORM_FIELDS.has(name));
  if (names.length === 0) return { url, dropped: false };
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return { url: url.slice(0, mark) + (rest ? `?${rest}` : ''), dropped: true };
}

/** `url` as a log line may show it: the form fields' values masked, never written out. */
export function maskFormFields(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  if (![...params.keys()].some((name) => FORM_FIELDS.has(name))) return url;
  const masked = [...params].map(([name, value]): [string, string] => [name, FORM_FIELDS.has(name) ? '***' : value]);
  return url.slice(0, mark + 1) + new URLSearchParams(masked).toString();
}
