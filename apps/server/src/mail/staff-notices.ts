import type { Lang } from '@oripa/core';
import { staffEventLink, type StaffEventKind } from '@oripa/core/admin';
import type { AppContext } from '../context.ts';
import type { StaffEventRecord } from '../db/queries/staff-notices.ts';
import type { Queryable } from '../db/queryable.ts';
import type { MailContent } from './layout.ts';
import { queueMail, tokyoTime } from './outbox.ts';

/** The most notices one mail lists; the rest are counted and wait in the console's inbox. */
export const DIGEST_LINES = 20;

const KIND: Record<StaffEventKind, { ja: string; en: string }> = {
  'pack.sold_out': { ja: '完売', en: 'Sold out' },
  'mail.failed': { ja: 'メール送信失敗', en: 'Mail failed' },
  'parcel.held': { ja: '発送保留', en: 'Parcel on hold' },
  'transfer.waiting': { ja: '銀行振込の確認待ち', en: 'Bank transfer waiting' },
  'approval.waiting': { ja: '承認待ち', en: 'Approval waiting' },
};

/** One notice as a line of the mail (and of nothing else: the console words it from its own catalogue). */
function line(e: StaffEventRecord, lang: Lang): string {
  const d = e.detail;
  switch (e.kind) {
    case 'pack.sold_out':
      return (lang === 'ja' ? d.ja : d.en) || `#${e.subject_id}`;
    case 'mail.failed':
      return `${d.recipient ?? ''} ${d.subject ?? ''}`.trim();
    case 'parcel.held':
      return lang === 'ja' ? `発送 #${e.subject_id}` : `Parcel #${e.subject_id}`;
    case 'transfer.waiting':
      return lang === 'ja' ? `${d.amount ?? 0}円（#${e.subject_id}）` : `¥${d.amount ?? 0} (#${e.subject_id})`;
    case 'approval.waiting':
      return lang === 'ja' ? `申請 #${e.subject_id}` : `Request #${e.subject_id}`;
  }
}

/**
 * The digest a staff member gets for the notices of one run of the mail-staff-notices job (ADR 0046): one mail
 * however many events a burst brought, the first DIGEST_LINES listed, each with its kind, what and when, in the
 * staff member's language.
 */
export function staffNoticesContent(
  lang: Lang,
  name: string,
  events: StaffEventRecord[],
  publicUrl: string,
): MailContent {
  const shown = events.slice(0, DIGEST_LINES);
  const more = events.length - shown.length;
  const rows = shown.map((e) => [`${KIND[e.kind][lang]}`, `${line(e, lang)} — ${tokyoTime(e.created_at)}`] as const);
  const first = events[0]!;
  const href = events.length === 1 ? staffEventLink(first.kind, first.subject_id, first.detail) : '/admin/notices';
  if (lang === 'ja') {
    return {
      subject: `スタッフへのお知らせ ${events.length}件`,
      preview: `${KIND[first.kind].ja}: ${line(first, 'ja')}`,
      blocks: [
        `${name} さん`,
        `管理画面に新しいお知らせが${events.length}件あります。`,
        { rows },
        ...(more > 0 ? [`ほか${more}件は管理画面のお知らせでご確認ください。`] : []),
        { button: 'お知らせを開く', href: `${publicUrl}${href}` },
      ],
    };
  }
  return {
    subject: `${events.length} new staff notice${events.length === 1 ? '' : 's'}`,
    preview: `${KIND[first.kind].en}: ${line(first, 'en')}`,
    blocks: [
      `Hello ${name},`,
      `There ${events.length === 1 ? 'is 1 new notice' : `are ${events.length} new notices`} in the console.`,
      { rows },
      ...(more > 0 ? [`${more} more are in the console's notices.`] : []),
      { button: 'Open the notices', href: `${publicUrl}${href}` },
    ],
  };
}

/** Kind of the digest's outbox row: its failure is not itself reported (a mail server down would loop). */
export const STAFF_NOTICES_MAIL_KIND = 'staff_notices';

export function sendStaffNotices(
  ctx: AppContext,
  db: Queryable,
  to: { mail: string; name: string; lang: Lang },
  events: StaffEventRecord[],
) {
  return queueMail(
    ctx,
    db,
    { mail: to.mail, lang: to.lang, lastName: '', firstName: '' },
    STAFF_NOTICES_MAIL_KIND,
    staffNoticesContent(to.lang, to.name, events, ctx.config.publicUrl),
  );
}
