import type { StaffRole } from '@oripa/core/admin';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/queryable.ts';
import type { MailContent } from './layout.ts';
import { queueMail, tokyoTime } from './outbox.ts';
import { STAFF_ROLE_WORDS } from './staff-role-words.ts';

export interface OwnerChangeNotice {
  /** The owner the change concerns (the mail's recipient). */
  ownerName: string;
  requestedBy: string;
  change: { kind: 'staff.role'; role: StaffRole } | { kind: 'staff.disable' } | { kind: 'staff.reset_2fa' };
  reason: string;
  /** A delayed change: when the requester may make it unless it is refused; null when another owner must approve. */
  notBefore: Date | null;
  consoleUrl: string;
}

function what(c: OwnerChangeNotice['change']): [string, string] {
  if (c.kind === 'staff.role')
    return [`役割を「${STAFF_ROLE_WORDS[c.role][0]}」に変更`, `change your role to ${STAFF_ROLE_WORDS[c.role][1]}`];
  if (c.kind === 'staff.disable') return ['アカウントを無効化', 'disable your account'];
  return ['2段階認証をリセット', 'reset your two-step verification'];
}

/**
 * To an owner when another owner asks to demote, disable or reset them (ADR 0039): staff have no language of
 * their own, so the mail is in Japanese with the English below.
 */
export function ownerChangeRequestedContent(n: OwnerChangeNotice): MailContent {
  const [ja, en] = what(n.change);
  const when = n.notBefore ? tokyoTime(n.notBefore) : '';
  return {
    subject: 'オーナー権限の変更申請 / A change to your owner account was requested',
    preview: `${n.requestedBy}: ${ja}`,
    blocks: [
      `${n.ownerName} 様`,
      `${n.requestedBy} さんが、あなたのオーナーアカウントについて「${ja}」を申請しました。`,
      { rows: [['理由 / Reason', n.reason]] },
      n.notBefore
        ? `他に承認できるオーナーがいないため、${when}以降に申請者がこの変更を実行できます。心当たりがない場合は、それまでに管理画面の「承認待ち」で却下してください。`
        : '別のオーナーが承認するまで、この変更は行われません。心当たりがない場合は、管理画面の「承認待ち」で却下してください。',
      { button: '承認待ちを開く / Open pending approvals', href: n.consoleUrl },
      {
        note: n.notBefore
          ? `${n.requestedBy} asked to ${en}. No other owner can approve it, so the requester may make this change after ${when} unless you refuse it in the console's pending approvals.`
          : `${n.requestedBy} asked to ${en}. Nothing changes until another owner approves it; if you did not expect this, refuse it in the console's pending approvals.`,
      },
    ],
  };
}

/** Queued in the transaction that records the request (services/admin/approval-requests.ts). */
export function sendOwnerChangeRequested(ctx: AppContext, db: Queryable, to: string, n: OwnerChangeNotice) {
  return queueMail(
    ctx,
    db,
    { mail: to, lang: 'ja', lastName: '', firstName: '' },
    'owner_change_requested',
    ownerChangeRequestedContent(n),
  );
}
