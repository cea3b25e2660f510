import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';

export const SESSION_COOKIE = 'sid';
export const PERSISTENT_SESSION_DAYS = 30;
// A browser-session login still needs a server-side end: 12 hours after the last login.
const BROWSER_SESSION_HOURS = 12;

export interface RequestSession {
  /** Cookie value; guests get one too, so CSRF tokens can be bound to something before login. */
  sid: string;
  memberId: number | null;
}

const hashSid = (sid: string) => createHash('sha256').update(sid).digest('base64url');
const newSid = (kind: 'g' | 'm') => `${kind}.${randomBytes(32).toString('base64url')}`;
const SID_PATTERN = /^[gm]\.[A-Za-z0-9_-]{43}$/;

function setCookie(ctx: AppContext, reply: FastifyReply, sid: string, persistent: boolean) {
  reply.setCookie(SESSION_COOKIE, sid, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    ...(persistent ? { maxAge: PERSISTENT_SESSION_DAYS * 24 * 3600 } : {}),
  });
}

/**
 * Member sessions this process found in the database in the last SESSION_CACHE_MS, by id hash (ADR 0006). Only
 * positive answers are kept; ending a session here drops it at once, another instance sees the end within
 * SESSION_CACHE_MS. Keyed by pool, so test shops on separate databases never share entries.
 */
export const SESSION_CACHE_MS = 2000;
const SESSION_CACHE_MAX = 100_000;
interface SessionCache {
  entries: Map<string, { memberId: number; until: number }>;
  /** Bumped by every local end of a session, so a lookup that raced with it does not cache a stale answer. */
  epoch: number;
}
const sessionCaches = new WeakMap<object, SessionCache>();

function sessionCache(ctx: AppContext): SessionCache {
  let cache = sessionCaches.get(ctx.db.pool);
  if (!cache) sessionCaches.set(ctx.db.pool, (cache = { entries: new Map(), epoch: 0 }));
  return cache;
}

/** Resolves the request's session: a member session from the database, or a guest id (no database row). */
export async function loadSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RequestSession> {
  const sid = request.cookies[SESSION_COOKIE];
  if (sid && SID_PATTERN.test(sid)) {
    if (sid.startsWith('g.')) return { sid, memberId: null };
    const cache = sessionCache(ctx);
    const key = hashSid(sid);
    const now = Date.now();
    const hit = cache.entries.get(key);
    if (hit && hit.until > now) return { sid, memberId: hit.memberId };
    const epoch = cache.epoch;
    const { rows } = await ctx.db.pool.query<{ member_id: number; expires_at: Date }>({
      name: 'session-lookup',
      text: 'SELECT member_id, expires_at FROM sessions WHERE id_hash = $1 AND expires_at > now()',
      values: [key],
    });
    if (rows[0]) {
      const memberId = Number(rows[0].member_id);
      if (cache.epoch === epoch) {
        if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.clear();
        cache.entries.set(key, { memberId, until: Math.min(now + SESSION_CACHE_MS, rows[0].expires_at.getTime()) });
      }
      return { sid, memberId };
    }
    cache.entries.delete(key);
  }
  const guest = newSid('g');
  setCookie(ctx, reply, guest, false);
  return { sid: guest, memberId: null };
}

/** Starts a member session (a new id, so a fixated guest id is worthless) and returns it. */
export async function startMemberSession(
  ctx: AppContext,
  reply: FastifyReply,
  memberId: number,
  persistent: boolean,
): Promise<RequestSession> {
  const sid = newSid('m');
  const ttlMs = persistent ? PERSISTENT_SESSION_DAYS * 24 * 3600_000 : BROWSER_SESSION_HOURS * 3600_000;
  await ctx.db.pool.query('INSERT INTO sessions (id_hash, member_id, persistent, expires_at) VALUES ($1, $2, $3, $4)', [
    hashSid(sid),
    memberId,
    persistent,
    new Date(ctx.clock.now().getTime() + ttlMs),
  ]);
  setCookie(ctx, reply, sid, persistent);
  return { sid, memberId };
}

/** Ends the member session and hands the browser a fresh guest id. */
export async function endSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RequestSession> {
  if (request.session.memberId !== null) {
    const key = hashSid(request.session.sid);
    const cache = sessionCache(ctx);
    cache.epoch++;
    cache.entries.delete(key);
    await ctx.db.pool.query('DELETE FROM sessions WHERE id_hash = $1', [key]);
    cache.epoch++;
    cache.entries.delete(key);
  }
  const guest = newSid('g');
  setCookie(ctx, reply, guest, false);
  return { sid: guest, memberId: null };
}

/** Ends every session of a member (after a password change or reissue), except optionally the current one. */
export async function endAllSessions(ctx: AppContext, memberId: number, keepSid?: string): Promise<void> {
  const keep = keepSid ? hashSid(keepSid) : '';
  forgetMemberSessions(ctx, memberId, keep);
  await ctx.db.pool.query('DELETE FROM sessions WHERE member_id = $1 AND id_hash <> $2', [memberId, keep]);
  forgetMemberSessions(ctx, memberId, keep);
}

/**
 * Forgets this process's cached sessions of a member (but `keepHash`); call around deleting its sessions by other
 * means. Other instances forget them within SESSION_CACHE_MS.
 */
export function forgetMemberSessions(ctx: AppContext, memberId: number, keepHash = ''): void {
  const cache = sessionCache(ctx);
  cache.epoch++;
  for (const [key, entry] of cache.entries)
    if (entry.memberId === memberId && key !== keepHash) cache.entries.delete(key);
}
