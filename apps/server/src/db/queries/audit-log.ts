import { many, maybeOne, type Queryable } from '../queryable.ts';

/** The audit log of staff writes (services/admin/audit.ts writes it inside the write's transaction). */
export interface AuditEntry {
  staffId: number | null;
  action: string;
  targetType: string;
  targetId: string | null;
  reason: string;
  before: unknown;
  after: unknown;
  now: Date;
}

export async function insertAuditEntry(db: Queryable, e: AuditEntry): Promise<number> {
  const row = await maybeOne<{ id: string }>(
    db,
    `INSERT INTO audit_log (staff_id, action, target_type, target_id, reason, before, after, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8) RETURNING id`,
    [
      e.staffId,
      e.action,
      e.targetType,
      e.targetId,
      e.reason,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      e.now,
    ],
  );
  return Number(row!.id);
}

export interface AuditRecord {
  id: number;
  created_at: Date;
  staff_id: number | null;
  staff_name: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string;
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  staffId?: number;
  action?: string;
  /** Inclusive start and exclusive end instants. */
  from?: Date;
  to?: Date;
  targetType?: string;
  targetId?: string;
}

const where = (f: AuditFilter) => {
  const conds: string[] = [];
  const values: unknown[] = [];
  const add = (sql: string, v: unknown) => {
    values.push(v);
    conds.push(sql.replace('?', `$${values.length}`));
  };
  if (f.staffId !== undefined) add('a.staff_id = ?', f.staffId);
  if (f.action) add('a.action = ?', f.action);
  if (f.from) add('a.created_at >= ?', f.from);
  if (f.to) add('a.created_at < ?', f.to);
  if (f.targetType) add('a.target_type = ?', f.targetType);
  if (f.targetId) add('a.target_id = ?', f.targetId);
  return { sql: conds.length ? `WHERE ${conds.join(' AND ')}` : '', values };
};

/** One page of the log, newest (or oldest) first, and the total matching. */
export async function searchAudit(
  db: Queryable,
  f: AuditFilter,
  page: { limit: number; offset: number; dir: 'asc' | 'desc' },
): Promise<{ rows: AuditRecord[]; total: number }> {
  const w = where(f);
  const dir = page.dir === 'asc' ? 'ASC' : 'DESC';
  const rows = await many<AuditRecord>(
    db,
    `SELECT a.id, a.created_at, a.staff_id, s.name AS staff_name, a.action, a.target_type, a.target_id, a.reason,
            a.before, a.after
     FROM audit_log a LEFT JOIN staff s ON s.id = a.staff_id ${w.sql}
     ORDER BY a.created_at ${dir}, a.id ${dir} LIMIT $${w.values.length + 1} OFFSET $${w.values.length + 2}`,
    [...w.values, page.limit, page.offset],
  );
  const count = await maybeOne<{ n: string }>(db, `SELECT count(*) AS n FROM audit_log a ${w.sql}`, w.values);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The actions that occur in the log (the filter's choices). */
export async function auditActions(db: Queryable): Promise<string[]> {
  return (await many<{ action: string }>(db, 'SELECT DISTINCT action FROM audit_log ORDER BY action')).map(
    (r) => r.action,
  );
}

export async function countAudit(db: Queryable): Promise<number> {
  return Number((await maybeOne<{ n: string }>(db, 'SELECT count(*) AS n FROM audit_log'))?.n ?? 0);
}
