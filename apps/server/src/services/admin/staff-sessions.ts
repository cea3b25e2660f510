import { createHash, randomBytes } from 'node:crypto';
import type { StaffRole } from '@oripa/core/admin';
import type { AppContext } from '../../context.ts';
import {
  deleteStaffSession,
  findLiveStaffSession,
  insertStaffSession,
  touchStaffSession,
  type StaffSessionRow,
} from '../../db/queries/staff-sessions.ts';

/**
 * Staff sessions: their own table and cookie (http/admin/staff-cookie.ts), shorter-lived than a member's: 8 hours
 * from sign-in at most, and over after 60 idle minutes. No cache: the console's few users are looked up every time,
 * so disabling a member of staff or changing a role applies to the very next request.
 */
export const STAFF_SESSION_HOURS = 8;
export const STAFF_IDLE_MINUTES = 60;

/** The staff member a guarded request acts as (request.staff). */
export interface StaffIdentity {
  id: number;
  mail: string;
  name: string;
  role: StaffRole;
}

export interface StaffSession {
  idHash: string;
  stage: 'password' | 'full';
  staff: StaffIdentity;
  totpEnabled: boolean;
  pendingTotpSecret: string | null;
}

export const hashStaffSid = (sid: string) => createHash('sha256').update(sid).digest('base64url');
export const newStaffSid = () => `s.${randomBytes(32).toString('base64url')}`;
export const STAFF_SID_PATTERN = /^s\.[A-Za-z0-9_-]{43}$/;

const toSession = (idHash: string, row: StaffSessionRow): StaffSession => ({
  idHash,
  stage: row.stage,
  staff: { id: row.staff_id, mail: row.mail, name: row.name, role: row.role },
  totpEnabled: row.totp_enabled,
  pendingTotpSecret: row.pending_totp_secret,
});

/** The live staff session of a cookie value, or null. */
export async function findStaffSession(ctx: AppContext, sid: string): Promise<StaffSession | null> {
  if (!STAFF_SID_PATTERN.test(sid)) return null;
  const idHash = hashStaffSid(sid);
  const now = ctx.clock.now();
  const idleSince = new Date(now.getTime() - STAFF_IDLE_MINUTES * 60_000);
  const row = await findLiveStaffSession(ctx.db.pool, idHash, now, idleSince);
  if (!row) return null;
  await touchStaffSession(ctx.db.pool, idHash, now);
  return toSession(idHash, row);
}

/** Starts a session at the 'password' stage (the second factor still to do); answers the cookie value. */
export async function createStaffSession(ctx: AppContext, staffId: number): Promise<string> {
  const sid = newStaffSid();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_HOURS * 3600_000);
  await insertStaffSession(ctx.db.pool, { idHash: hashStaffSid(sid), staffId, expiresAt, now });
  return sid;
}

export async function endStaffSession(ctx: AppContext, sid: string): Promise<void> {
  if (STAFF_SID_PATTERN.test(sid)) await deleteStaffSession(ctx.db.pool, hashStaffSid(sid));
}
