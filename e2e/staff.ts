import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';

/** A POST of the /api contract (form-encoded json with the CSRF pair) from a context's cookie jar. */
export async function apiPost(request: APIRequestContext, path: string, params: Record<string, unknown> = {}) {
  const pair = (await (await request.get('/api/user/point')).json()) as { csrf: Record<string, string> };
  const res = await request.post(`/api${path}`, { form: { ...pair.csrf, json: JSON.stringify(params) } });
  return (await res.json()) as Record<string, unknown>;
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
  const code = await generate({ secret: setup.secret as string });
  expect((await apiPost(page.request, '/admin/totp/enable', { code })).state).toBe(200);
  return made;
}
