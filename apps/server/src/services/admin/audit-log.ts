import { formatTokyo, parseTokyo } from '@oripa/core';
import type { AuditQueryInput, AuditRow, ListPage } from '@oripa/core/admin';
import type { AppContext } from '../../context.ts';
import { auditActions, searchAudit, type AuditRecord } from '../../db/queries/audit-log.ts';

/** Reading the audit log (owner): filters by staff, action and a date range of Tokyo days. */
const presentAudit = (r: AuditRecord): AuditRow => ({
  id: Number(r.id),
  created_at: formatTokyo(r.created_at),
  staff_id: r.staff_id === null ? null : Number(r.staff_id),
  staff_name: r.staff_name ?? '',
  action: r.action,
  target_type: r.target_type,
  target_id: r.target_id,
  reason: r.reason,
  before: r.before,
  after: r.after,
});

const DAY_MS = 24 * 3600_000;

export async function auditPage(
  ctx: AppContext,
  q: AuditQueryInput,
  target: { type?: string; id?: string } = {},
): Promise<ListPage<AuditRow> & { actions: string[] }> {
  const { rows, total } = await searchAudit(
    ctx.db.pool,
    {
      staffId: typeof q.staff_id === 'number' ? q.staff_id : undefined,
      action: q.action || undefined,
      from: q.from ? parseTokyo(`${q.from} 00:00:00`) : undefined,
      to: q.to ? new Date(parseTokyo(`${q.to} 00:00:00`).getTime() + DAY_MS) : undefined,
      targetType: target.type,
      targetId: target.id,
    },
    { limit: q.per_page, offset: (q.page - 1) * q.per_page, dir: q.dir },
  );
  return {
    rows: rows.map(presentAudit),
    total,
    page: q.page,
    per_page: q.per_page,
    actions: await auditActions(ctx.db.pool),
  };
}
