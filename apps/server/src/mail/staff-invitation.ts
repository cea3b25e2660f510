import type { Lang } from '@oripa/core';
import type { StaffRole } from '@oripa/core/admin';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import type { MailContent } from './layout.ts';
import { queueMail, tokyoTime } from './outbox.ts';
import { STAFF_ROLE_WORDS } from './staff-role-words.ts';

export interface StaffInvitation {
  name: string;
  role: StaffRole;
  /** Who invited them; null for a link made outside the console (create-owner). */
  invitedBy: string | null;
  link: string;
  expiresAt: Date;
}

/** The setup link, mailed to the invitee (issue 21 §10): the owner no longer has to pass it on by hand. */
export function staffInvitationContent(lang: Lang, n: StaffInvitation): MailContent {
  const until = tokyoTime(n.expiresAt);
  const [roleJa, roleEn] = STAFF_ROLE_WORDS[n.role];
  if (lang === 'ja') {
    return {
      subject: '管理画面へのご招待',
      preview: `${roleJa}として管理画面に招待されました`,
      blocks: [
        `${n.name} さん`,
        n.invitedBy
          ? `${n.invitedBy} さんが、あなたを「${roleJa}」として管理画面に招待しました。`
          : `あなたは「${roleJa}」として管理画面に招待されました。`,
        '下のボタンからパスワードを設定し、続けて2段階認証を設定してください。',
        { button: 'パスワードを設定する', href: n.link },
        { note: `このリンクは${until}まで、1回だけ使えます。心当たりがない場合は、このメールを破棄してください。` },
      ],
    };
  }
  return {
    subject: 'You are invited to the staff console',
    preview: `You are invited to the console as ${roleEn}`,
    blocks: [
      `Hello ${n.name},`,
      n.invitedBy
        ? `${n.invitedBy} invited you to the staff console as ${roleEn}.`
        : `You are invited to the staff console as ${roleEn}.`,
      'Set your password with the button below, then set up two-step verification.',
      { button: 'Set your password', href: n.link },
      { note: `The link works once, until ${until}. If you did not expect this, ignore this mail.` },
    ],
  };
}

/** Queued in the transaction that issues the link (services/admin/staff.ts). */
export function sendStaffInvitation(
  ctx: AppContext,
  db: Queryable,
  to: { mail: string; lang: Lang },
  n: StaffInvitation,
) {
  return queueMail(
    ctx,
    db,
    { mail: to.mail, lang: to.lang, lastName: '', firstName: '' },
    'staff_invitation',
    staffInvitationContent(to.lang, n),
  );
}
