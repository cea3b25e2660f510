import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { Batcher } from '../db/batcher.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import {
  deleteMemberSessions,
  deleteSession,
  findLiveSessions,
  insertSession,
  type SessionRow,
} from '../db/queries/sessions.ts';

/**
 * The member session store: sessions live in the database by the hash of their id, and each instance keeps
 * the ones it found in the last SESSION_CACHE_MS (ADR 0006). The cookie side is http/session.ts.
 */
export const PERSISTENT_SESSION_DAYS = 30;
// A browser-session login still needs a server-side end: 12 hours after the last login.
const BROWSER_SESSION_HOURS = 12;

export const SESSION_CACHE_MS = 2000;
const SESSION_CACHE_MAX = 100_000;

/**
 * Member sessions this instance found in the database, by id hash. Only positive answers are kept; ending a
 * session here drops it at once, another instance sees the end within SESSION_CACHE_MS.
 */
export interface SessionCache {
  entries: Map<string, { memberId: number; until: number }>;
  /** Bumped by every local end of a session, so a lookup that raced with it does not cache a stale answer. */
  epoch: number;
  /** The database lookups of cache misses, batched (made on first use: it needs the context's pool). */
  lookups: Batcher<string, SessionRow | null> | null;
}

export const createSessionCache = (): SessionCache => ({ entries: new Map(), epoch: 0, lookups: null });

/**
 * Cache misses go to the database in batches (ADR 0057): a waiting room polled by thousands misses on nearly every
 * poll (a page asks every 2-30 s, the cache holds 2 s), and one statement per request was a pool connection and a
 * round trip each. One lookup goes out at once; those that arrive while two are running leave together.
 */
function sessionLookups(ctx: AppContext): Batcher<string, SessionRow | null> {
  return (ctx.sessionCache.lookups ??= new Batcher<string, SessionRow | null>(
    async (hashes) => {
      const found = new Map((await findLiveSessions(ctx.db.pool, hashes)).map((r) => [r.id_hash, r]));
      return hashes.map((h) => found.get(h) ?? null);
    },
    { maxInFlight: 2, maxBatch: 500, retryAlone: (err) => !isDatabaseUnavailable(err) },
  ));
}

const hashSid = (sid: string) => createHash('sha256').update(sid).digest('base64url');

/** A new session id: 'g.' for a guest (no database row), 'm.' for a member. */
export const newSessionId = (kind: 'g' | 'm') => `${kind}.${randomBytes(32).toString('base64url')}`;

/** The member of a live member session id, or null when it is unknown or over. */
export async function findSessionMember(ctx: AppContext, sid: string): Promise<number | null> {
  const cache = ctx.sessionCache;
  const key = hashSid(sid);
  const now = Date.now();
  const hit = cache.entries.get(key);
  if (hit && hit.until > now) return hit.memberId;
  const epoch = cache.epoch;
  const row = await sessionLookups(ctx).submit(key);
  if (row) {
    const memberId = Number(row.member_id);
    if (cache.epoch === epoch) {
      if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.clear();
      cache.entries.set(key, { memberId, until: Math.min(now + SESSION_CACHE_MS, row.expires_at.getTime()) });
    }
    return memberId;
  }
  cache.entries.delete(key);
  return null;
}

/** Stores a new member session (a new id, so a fixated guest id is worthless) and returns its id. */
export async function createMemberSession(ctx: AppContext, memberId: number, persistent: boolean): Promise<string> {
  const sid = newSessionId('m');
  const ttlMs = persistent ? PERSISTENT_SESSION_DAYS * 24 * 3600_000 : BROWSER_SESSION_HOURS * 3600_000;
  // A session is a credential: it lasts in real time, not the shop's (a sandbox clock moved a month on must not
  // log every member out, nor keep a stolen cookie alive; ADR 0034).
  const expiresAt = new Date(Date.now() + ttlMs);
  await insertSession(ctx.db.pool, { idHash: hashSid(sid), memberId, persistent, expiresAt });
  return sid;
}

/** Ends one member session. */
export async function endMemberSession(ctx: AppContext, sid: string): Promise<void> {
  const key = hashSid(sid);
  const cache = ctx.sessionCache;
  cache.epoch++;
  cache.entries.delete(key);
  await deleteSession(ctx.db.pool, key);
  cache.epoch++;
  cache.entries.delete(key);
}

/** Ends every session of a member (after a password change or reissue), except optionally the current one. */
export async function endAllSessions(ctx: AppContext, memberId: number, keepSid?: string): Promise<void> {
  const keep = keepSid ? hashSid(keepSid) : '';
  forgetMemberSessions(ctx, memberId, keep);
  await deleteMemberSessions(ctx.db.pool, memberId, keep);
  forgetMemberSessions(ctx, memberId, keep);
}

/**
 * Forgets this instance's cached sessions of a member (but `keepHash`); call around deleting its sessions by
 * other means. Other instances forget them within SESSION_CACHE_MS.
 */
export function forgetMemberSessions(ctx: AppContext, memberId: number, keepHash = ''): void {
  const cache = ctx.sessionCache;
  cache.epoch++;
  for (const [key, entry] of cache.entries)
    if (entry.memberId === memberId && key !== keepHash) cache.entries.delete(key);
}
