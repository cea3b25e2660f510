import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hasAddress, hyphenZip, rankNameIn, type Lang } from '@oripa/core';
import type { MemberRow } from '../../db/queries/members.ts';
import { presentUserDetail } from '../../presenters/user-detail.ts';
import { escapeHtml } from '../../http/html-escape.ts';

/** The My Page strings of account.json per language, which the build writes beside its manifest. */
export type FirstPaintStrings = Record<Lang, { myPage: Record<string, string> }>;

/** apps/web/build/first-paint-strings.ts writes it; a build without it gets no member picture, only the SPA. */
export function readFirstPaintStrings(root: string): FirstPaintStrings | null {
  const file = path.join(root, '.vite', 'first-paint-strings.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FirstPaintStrings) : null;
}

/** i18next's {{name}} placeholders; the values are escaped by the caller's markup. */
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/**
 * A member's /my-page as its first screen will look (issue 13): the title, the account panel (balances, name,
 * contact, referral code) and the shipping address, in the language the SPA starts in. Without it the page's
 * largest element, the address, waited for the code, two API replies and React: LCP about 2.5 s on a phone. The
 * classes are MyPage.module.css's global twins (.fp-my-*), which the server links with the page, so React's render
 * lays out the same boxes and replaces this without a shift. Decoration only, like first-paint.ts: aria-hidden,
 * nothing focusable (the buttons are disabled, the link has no href); every value is escaped.
 */
export function memberFirstPaint(strings: FirstPaintStrings, lang: Lang, member: MemberRow): string {
  const t = strings[lang].myPage;
  const d = presentUserDetail(member, lang);
  const number = (v: string | number) => Number(v).toLocaleString(lang);
  const name = fill(t.nameValue ?? '', { last: d.lastName, first: d.firstName, middle: d.middleName })
    .replace(/\s+/g, ' ')
    .trim();
  const balance = (label: string, value: string) =>
    `<div class="fp-my-balance"><span class="fp-my-balance-label">${escapeHtml(label)}</span>${value}</div>`;
  const fact = (label: string, value: string, cls = '') =>
    `<dt>${escapeHtml(label)}</dt><dd${cls ? ` class="${cls}"` : ''}>${escapeHtml(value)}</dd>`;
  const button = (label: string) =>
    `<button type="button" class="fp-my-panel-button" disabled tabindex="-1">${escapeHtml(label)}</button>`;

  const account = [
    `<h2 class="fp-my-panel-title">${escapeHtml(t.account ?? '')}</h2>`,
    '<div class="fp-my-balances">',
    balance(t.points ?? '', `<span class="fp-my-balance-value">${number(member.point_balance)}<small>P</small></span>`),
    balance(
      t.coins ?? '',
      `<span class="fp-my-balance-value">${escapeHtml(fill(t.coinValue ?? '', { value: number(member.coin_balance) }))}</span>`,
    ),
    balance(t.rank ?? '', `<span class="fp-my-rank">${escapeHtml(rankNameIn(member.rank, lang))}</span>`),
    '</div>',
    `<a class="fp-my-buy-point">${escapeHtml(t.buyPoint ?? '')}</a>`,
    '<dl class="fp-my-facts">',
    fact(t.name ?? '', name),
    fact(t.mail ?? '', d.mail),
    fact(t.tel ?? '', d.tel),
    d.referral_code ? fact(t.referralCode ?? '', d.referral_code, 'fp-my-code') : '',
    '</dl>',
    button(t.editProfile ?? ''),
  ].join('');

  const present = hasAddress(d);
  const address = present
    ? `<address class="fp-my-address">〒${escapeHtml(hyphenZip(d.zipcode))}<br />${escapeHtml(
        `${d.pref_name} ${d.shiku} ${d.address}`,
      )}${d.building ? `<br />${escapeHtml(d.building)}` : ''}</address>`
    : `<p class="fp-my-empty">${escapeHtml(t.noAddress ?? '')}</p>`;

  return [
    '<div class="fp fp-member" aria-hidden="true"><div class="fp-bar"></div>',
    `<section class="fp-my-page"><h1 class="fp-my-title">${escapeHtml(t.title ?? '')}</h1><div class="fp-my-grid">`,
    `<section class="fp-my-panel">${account}</section>`,
    `<section class="fp-my-panel"><h2 class="fp-my-panel-title">${escapeHtml(t.address ?? '')}</h2>${address}`,
    button(t[present ? 'editAddress' : 'registerAddress'] ?? ''),
    '</section></div></section></div>',
  ].join('');
}
