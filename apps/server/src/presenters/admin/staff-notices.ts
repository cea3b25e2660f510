import { formatTokyo } from '@oripa/core';
import { staffEventLink, type StaffNoticeView } from '@oripa/core/admin';
import type { StaffNoticeRecord } from '../../db/queries/staff-notices.ts';

/** A notice as the console's inbox shows it, with the page it opens. */
export const presentStaffNotice = (r: StaffNoticeRecord): StaffNoticeView => ({
  id: r.id,
  kind: r.kind,
  subject_id: r.subject_id,
  detail: r.detail,
  link: staffEventLink(r.kind, r.subject_id, r.detail),
  created_at: formatTokyo(r.created_at),
  read: r.read,
});
