import { z } from 'zod';
import { idField } from '../validation/fields.ts';
import type { Permission, StaffRole } from './permissions.ts';
import { can } from './permissions.ts';

/**
 * What the console tells staff (issue 21 §10, ADR 0046): the kinds of event, who is told of each (by the
 * permission that lets them act on it, so ROLE_PERMISSIONS stays the one table of who does what), and where the
 * notice links to.
 */
export const STAFF_EVENT_KINDS = [
  'pack.sold_out',
  'mail.failed',
  'parcel.held',
  'transfer.waiting',
  'approval.waiting',
] as const;
export type StaffEventKind = (typeof STAFF_EVENT_KINDS)[number];

export const STAFF_EVENT_PERMISSION: Readonly<Record<StaffEventKind, Permission>> = {
  // Whoever runs the packs decides whether to open another.
  'pack.sold_out': 'catalogue.write',
  // Support answers the member who did not get the mail.
  'mail.failed': 'members.read',
  'parcel.held': 'fulfilment.write',
  'transfer.waiting': 'payments.reconcile',
  'approval.waiting': 'approvals.decide',
};

/** The kinds a staff member of `role` is told of. */
export const staffEventKindsFor = (role: StaffRole): StaffEventKind[] =>
  STAFF_EVENT_KINDS.filter((k) => can(role, STAFF_EVENT_PERMISSION[k]));

/** The console page a notice opens (the thing it is about). */
export function staffEventLink(kind: StaffEventKind, subjectId: number, detail: StaffEventDetail): string {
  switch (kind) {
    case 'pack.sold_out':
      return `/admin/packs/${subjectId}`;
    case 'mail.failed':
      return detail.member_id ? `/admin/members/${detail.member_id}` : '/admin/members';
    case 'parcel.held':
      return `/admin/shipments/${subjectId}`;
    case 'transfer.waiting':
      return '/admin/payments?list=transfers';
    case 'approval.waiting':
      return '/admin/approvals';
  }
}

/** What an event carries beside its kind (each kind fills its own fields). */
export interface StaffEventDetail {
  /** pack.sold_out: the pack's name. */
  ja?: string;
  en?: string;
  /** mail.failed: to whom, what, and the member it went to when it went to one. */
  recipient?: string;
  subject?: string;
  error?: string;
  member_id?: number | null;
  /** transfer.waiting: the amount due; parcel.held: the member. */
  amount?: number;
  /** approval.waiting: the change asked for. */
  approval_kind?: string;
}

/** One notice as the console shows it. */
export interface StaffNoticeView {
  id: number;
  kind: StaffEventKind;
  subject_id: number;
  detail: StaffEventDetail;
  link: string;
  created_at: string;
  read: boolean;
}

export interface StaffNoticeList {
  notices: StaffNoticeView[];
  unread: number;
}

/** GET /admin/notices: unread only, or everything (newest first, 50 a page before `before`). */
export const staffNoticeListSchema = z.object({
  filter: z.enum(['unread', 'all']).default('all'),
  before: z.union([z.literal(''), idField]).optional(),
});

/** A comma list of notice ids (the console posts form fields), at most 100. */
const noticeIdsField = z
  .string({ error: 'invalid' })
  .max(1700, 'invalid')
  .transform((s): (string | number)[] => s.split(',').filter(Boolean))
  .pipe(z.array(idField).max(100, 'invalid'));

/**
 * POST /admin/notices/read: these notices (`ids`), or every notice up to the newest one the staff member has seen
 * (`up_to`: "mark all read" never marks a notice that arrived after the list was shown).
 */
export const staffNoticeReadSchema = z
  .object({ ids: noticeIdsField.optional(), up_to: idField.optional() })
  .refine((v) => (v.ids?.length ?? 0) > 0 || v.up_to !== undefined, {
    message: 'noticeNothingToRead',
    path: ['ids'],
  });
