import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { logInThroughApi, snap, useLanguage } from './helpers';

/**
 * The steps every point-purchase journey takes (payments.spec.ts on the sandbox, komoju.spec.ts on the KOMOJU rail):
 * a fresh member logged in through /login, a course chosen on /buy-point, a method picked and paid on the real
 * confirm page, and the balance read where the member reads it (the header's point link).
 */
export type Lang = 'ja' | 'en';
type Tree = { [k: string]: string | Tree };
export const read = (lang: Lang, ns: string) =>
  JSON.parse(readFileSync(`apps/web/src/i18n/locales/${lang}/${ns}.json`, 'utf8')) as Tree;
export const pick = (tree: Tree, path: string) =>
  path.split('.').reduce<Tree | string>((t, k) => (t as Tree)[k]!, tree) as string;
const T = { ja: read('ja', 'payment'), en: read('en', 'payment') };
/** A payment string in the given language, with its {{vars}} filled. */
export const t = (lang: Lang, path: string, vars: Record<string, string | number> = {}) =>
  pick(T[lang], path).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

/**
 * A fresh member (POST /sandbox/members) with `paidPoints`, logged in through the API as the login form does (the
 * login page has its own journeys in accounts.spec.ts), on the top page.
 */
export async function newMember(page: Page, lang: Lang = 'ja', paidPoints = 0) {
  await useLanguage(page, lang);
  const res = await page.request.post('/sandbox/members', { data: { paidPoints, lang } });
  expect(res.ok(), 'the sandbox member helper').toBeTruthy();
  const { mail, pass } = (await res.json()) as { mail: string; pass: string };
  await logInThroughApi(page, mail, pass);
  await page.goto('/');
  await expectBalance(page, paidPoints);
}

/** The balance the header shows (the point link to /buy-point). */
export async function headerBalance(page: Page): Promise<number> {
  const text = await page.locator('header a[href="/buy-point"]').first().innerText();
  return Number(text.replace(/[^\d]/g, ''));
}
export const expectBalance = (page: Page, n: number) =>
  expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBe(n);

/** Opens /buy-point, takes the first course and answers its id and the points it grants. */
export async function chooseCourse(page: Page, lang: Lang, shot?: string) {
  await page.goto('/buy-point');
  await expect(page.getByRole('heading', { name: t(lang, 'buyPoint.title'), exact: true })).toBeVisible();
  const buy = page
    .getByRole('main')
    .getByRole('link', { name: t(lang, 'buyPoint.buy') })
    .first();
  await expect(buy).toBeVisible();
  if (shot) await snap(page, test.info(), shot);
  const href = (await buy.getAttribute('href'))!;
  const id = Number(new URL(href, 'http://x').searchParams.get('pointPriceId'));
  const detail = (await (await page.request.get(`/api/user/point_price/detail/${id}`)).json()) as {
    detail: { total_point: number };
  };
  await buy.click();
  await expect(page.getByRole('heading', { name: t(lang, 'confirm.title'), exact: true })).toBeVisible();
  return { id, total: detail.detail.total_point };
}

export const method = (page: Page, payId: number) => page.locator(`input[name="payId"][value="${payId}"]`);
export const submit = (page: Page, lang: Lang) => page.getByRole('button', { name: t(lang, 'confirm.submit') }).click();
