import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';

/** A POST of the /api contract (form-encoded json with the CSRF pair) from a context's cookie jar. */
export async function apiPost(request: APIRequestContext, path: string, params: Record<string, unknown> = {}) {
  const pair = (await (await request.get('/api/user/point')).json()) as { csrf: Record<string, string> };
  const res = await request.post(`/api${path}`, { form: { ...pair.csrf, json: JSON.stringify(params) } });
  return (await res.json()) as Record<string, unknown>;
}

/**
 * The TOTP code of `secret` at the shop's time (ADR 0034): the shop checks codes against its clock, which a journey
 * on the same worker's shop may have moved (e2e/drop-launch.spec.ts moves it forward to a drop's start).
 */
export async function totpAtShopTime(request: APIRequestContext, secret: string) {
  const { now } = (await (await request.get('/sandbox/clock')).json()) as { now: string };
  return generate({ secret, epoch: Math.floor(Date.parse(now) / 1000) });
}

/**
 * Signs a new staff member of `role` in on this page's context through the real steps: a sandbox account with a
 * password (POST /sandbox/staff), the password, the TOTP setup and its first code.
 */
export async function signInStaff(page: Page, role: 'owner' | 'operator' | 'shipping' | 'support') {
  const made = (await (await page.request.post('/sandbox/staff', { data: { role } })).json()) as {
    mail: string;
    pass: string;
  };
  expect((await apiPost(page.request, '/admin/login', { mail: made.mail, pass: made.pass })).state).toBe(200);
  const setup = await apiPost(page.request, '/admin/totp/setup');
  const code = await totpAtShopTime(page.request, setup.secret as string);
  expect((await apiPost(page.request, '/admin/totp/enable', { code })).state).toBe(200);
  return made;
}
