import type { Lang } from '@oripa/core';
import type { AppContext } from '../context.ts';
import type { MemberRow } from '../db/queries/members.ts';
import { insertOutboxMail } from '../db/queries/outbox.ts';
import type { Queryable } from '../db/queryable.ts';
import { renderMail, type MailContent } from './layout.ts';

/** Who a mail goes to, and in which language it is written. */
export interface Recipient {
  mail: string;
  lang: Lang;
  lastName: string;
  firstName: string;
}

export const recipientOf = (m: Pick<MemberRow, 'mail' | 'lang' | 'last_name' | 'first_name'>): Recipient => ({
  mail: m.mail,
  lang: m.lang === 'en' ? 'en' : 'ja',
  lastName: m.last_name,
  firstName: m.first_name,
});

/** The salutation that opens every personal mail (a caller without the member's name gets a general one). */
export function greeting(to: Recipient): string {
  const named = Boolean(to.lastName || to.firstName);
  if (to.lang === 'ja') return named ? `${to.lastName} ${to.firstName} 様`.trim() : 'お客様';
  return named ? `Dear ${to.firstName} ${to.lastName},`.replace(/\s+/g, ' ') : 'Hello,';
}

/**
 * Sending a mail is queueing it: the rendered mail becomes a queued outbox row on `db`. Pass the transaction
 * client of the change the mail reports, so the mail exists exactly when that change committed; the deliver-mail
 * job sends it later, and SMTP being slow or down never touches the caller. Returns the outbox id.
 */
export async function queueMail(
  ctx: AppContext,
  db: Queryable,
  to: Recipient,
  kind: string,
  content: MailContent,
): Promise<number> {
  const mail = await renderMail(ctx.config, to.lang, content);
  return insertOutboxMail(db, { to: to.mail, kind, ...mail, now: ctx.clock.now() });
}

/** "2026-11-27 12:00 (JST)": deadlines and dates in mails are Tokyo time, said so for members abroad. */
export function tokyoTime(d: Date): string {
  const t = new Date(d.getTime() + 9 * 3600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 16)} (JST)`;
}
