import type { ApprovalKind, ApprovalStatus } from '@oripa/core/admin';
import { many, maybeOne, type Queryable } from '../queryable.ts';

/** Changes waiting for a second person (ADR 0039): approval_requests. */
export interface ApprovalRecord {
  id: number;
  kind: ApprovalKind;
  target_type: 'staff' | 'member';
  target_id: number;
  payload: Record<string, unknown>;
  reason: string;
  requested_by: number;
  requested_at: Date;
  not_before: Date | null;
  status: ApprovalStatus;
  decided_by: number | null;
  decided_at: Date | null;
  decision_note: string;
}

/** A request with the names the console shows beside it. */
export interface ApprovalListRecord extends ApprovalRecord {
  target_name: string;
  requested_by_name: string;
  decided_by_name: string;
}

const toRecord = <T extends ApprovalRecord>(r: T): T => ({
  ...r,
  id: Number(r.id),
  target_id: Number(r.target_id),
  requested_by: Number(r.requested_by),
  decided_by: r.decided_by === null ? null : Number(r.decided_by),
});

/**
 * A new pending request; null when the same change to the same staff member is already pending (the unique index
 * approval_requests_one_pending).
 */
export async function insertApproval(
  db: Queryable,
  a: {
    kind: ApprovalKind;
    targetType: 'staff' | 'member';
    targetId: number;
    payload: Record<string, unknown>;
    reason: string;
    requestedBy: number;
    now: Date;
    notBefore: Date | null;
  },
): Promise<number | null> {
  const row = await maybeOne<{ id: string }>(
    db,
    `INSERT INTO approval_requests (kind, target_type, target_id, payload, reason, requested_by, requested_at, not_before)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING id`,
    [a.kind, a.targetType, a.targetId, JSON.stringify(a.payload), a.reason, a.requestedBy, a.now, a.notBefore],
  );
  return row ? Number(row.id) : null;
}

/** The request, locked for its decision. */
export async function lockApproval(db: Queryable, id: number): Promise<ApprovalRecord | null> {
  const row = await maybeOne<ApprovalRecord>(db, 'SELECT * FROM approval_requests WHERE id = $1 FOR UPDATE', [id]);
  return row && toRecord(row);
}

export async function decideApproval(
  db: Queryable,
  d: { id: number; status: Exclude<ApprovalStatus, 'pending'>; by: number; now: Date; note: string },
): Promise<void> {
  await db.query(
    `UPDATE approval_requests SET status = $2, decided_by = $3, decided_at = $4, decision_note = $5
     WHERE id = $1 AND status = 'pending'`,
    [d.id, d.status, d.by, d.now, d.note],
  );
}

const LIST = `SELECT a.*,
    CASE WHEN a.target_type = 'staff' THEN t.name
      ELSE concat_ws(' ', nullif(m.last_name, ''), nullif(m.first_name, '')) END AS target_name,
    r.name AS requested_by_name, coalesce(d.name, '') AS decided_by_name
  FROM approval_requests a
  JOIN staff r ON r.id = a.requested_by
  LEFT JOIN staff d ON d.id = a.decided_by
  LEFT JOIN staff t ON a.target_type = 'staff' AND t.id = a.target_id
  LEFT JOIN members m ON a.target_type = 'member' AND m.id = a.target_id`;

/**
 * Pending requests (oldest first), or the latest decided ones (newest first); only `requestedBy`'s when given (a
 * requester who may not decide sees their own).
 */
export async function listApprovals(
  db: Queryable,
  o: { pending: boolean; requestedBy: number | null; limit: number },
): Promise<ApprovalListRecord[]> {
  const rows = await many<ApprovalListRecord>(
    db,
    `${LIST} WHERE (a.status = 'pending') = $1 AND ($2::bigint IS NULL OR a.requested_by = $2)
     ORDER BY ${o.pending ? 'a.id' : 'a.decided_at DESC, a.id DESC'} LIMIT $3`,
    [o.pending, o.requestedBy, o.limit],
  );
  return rows.map(toRecord);
}

export async function findApprovalListed(db: Queryable, id: number): Promise<ApprovalListRecord | null> {
  const row = await maybeOne<ApprovalListRecord>(db, `${LIST} WHERE a.id = $1`, [id]);
  return row && toRecord(row);
}

/**
 * What `staffId` granted `memberId` in `currency` through console adjustments since `since` (the ledger rows of
 * its own grants, those approved by an owner included): the running total the approval limit counts.
 */
export async function grantedBy(
  db: Queryable,
  g: { staffId: number; memberId: number; currency: 'point' | 'coin'; since: Date },
): Promise<number> {
  const row = await maybeOne<{ n: string }>(
    db,
    `SELECT coalesce(sum(amount), 0) AS n FROM ledger_entries
     WHERE member_id = $1 AND currency = $2 AND reason = 'staff_adjustment' AND ref_type = 'staff' AND ref_id = $3
       AND amount > 0 AND created_at >= $4`,
    [g.memberId, g.currency, g.staffId, g.since],
  );
  return Number(row!.n);
}
