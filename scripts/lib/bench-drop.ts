/**
 * A drop for the load scripts (bench-launch, measure-drop-calls): bench members' sessions written straight into the
 * database (as a login writes them: thousands of logins would measure the password hash), the drop row with its
 * seed commitment, the sale start, and the page's proof-of-work solver.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { seedCommitment } from '../../packages/core/src/index.ts';

export async function sessionsFor(url: string, mails: string[]): Promise<Map<string, { id: number; sid: string }>> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const { rows } = await pool.query<{ id: string; mail: string }>(
      'SELECT id, mail FROM members WHERE mail = ANY($1)',
      [mails],
    );
    const out = new Map<string, { id: number; sid: string }>();
    for (const r of rows) out.set(r.mail, { id: Number(r.id), sid: `m.${randomBytes(32).toString('base64url')}` });
    const list = [...out.values()];
    await pool.query(
      `INSERT INTO sessions (id_hash, member_id, persistent, expires_at)
       SELECT h, m, false, now() + interval '1 day' FROM unnest($1::text[], $2::bigint[]) AS t(h, m)`,
      [list.map((s) => createHash('sha256').update(s.sid).digest('base64url')), list.map((s) => s.id)],
    );
    return out;
  } finally {
    await pool.end();
  }
}

export async function makeDrop(url: string, packId: number, admitPerMinute: number, prequeueMinutes = 5) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const seed = randomBytes(32);
  try {
    await pool.query(
      `INSERT INTO pack_drops (pack_id, prequeue_minutes, admit_per_minute, stay_minutes, seed, seed_hash)
       VALUES ($1, $2, $3, 5, $4, $5)`,
      [packId, prequeueMinutes, admitPerMinute, seed, seedCommitment(seed.toString('hex'))],
    );
  } finally {
    await pool.end();
  }
}

/** The sale start, once everything is ready (no instance has read the pack yet). */
export async function setStart(url: string, packId: number, at: Date) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('UPDATE packs SET start_date = $2 WHERE id = $1', [packId, at]);
  await c.end();
}

/** What the page's solver does: the number whose SHA-256 with the salt is the challenge. */
export function solve(c: { challenge: string; salt: string; maxnumber: number }): number | null {
  for (let n = 0; n <= c.maxnumber; n++) {
    if (
      createHash('sha256')
        .update(c.salt + n)
        .digest('hex') === c.challenge
    )
      return n;
  }
  return null;
}

/** The join's `altcha` field for a solved challenge reply. */
export function altchaPayload(ch: {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}) {
  const number = solve(ch);
  return Buffer.from(JSON.stringify({ ...ch, number, maxnumber: undefined })).toString('base64');
}
