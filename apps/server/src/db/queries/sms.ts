import { many, maybeOne, insertReturningId, type Queryable } from '../queryable.ts';

/** SMS verification (issue 11, ADR 0019): challenges, the one-phone-one-account rule and the bonus record. */

export interface SmsChallengeRow {
  id: number;
  member_id: number;
  tel: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

/** The member row, locked: a member's sends and checks run one at a time (cooldown, tries, the bonus). */
export async function lockMemberSms(
  db: Queryable,
  memberId: number,
): Promise<{ sms_verified_at: Date | null; sms_tel: string | null } | null> {
  return maybeOne(db, 'SELECT sms_verified_at, sms_tel FROM members WHERE id = $1 FOR UPDATE', [memberId]);
}

/** Sends to one number, whoever asks, are counted one at a time (held until the transaction ends). */
export async function lockTelForSms(db: Queryable, tel: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('sms_tel:' || $1))", [tel]);
}

/** Whether another member has verified this number. */
export async function telVerifiedByOther(db: Queryable, tel: string, memberId: number): Promise<boolean> {
  return (await maybeOne(db, 'SELECT 1 FROM members WHERE sms_tel = $1 AND id <> $2', [tel, memberId])) !== null;
}

/** The counts the send limits read: the member's last send, and sends of the last 24 hours per tel/member/ip. */
export async function smsSendCounts(
  db: Queryable,
  q: { memberId: number; tel: string; ip: string; now: Date },
): Promise<{ lastSentAt: Date | null; tel: number; member: number; ip: number }> {
  const row = await maybeOne<{ last: Date | null; tel: string; member: string; ip: string }>(
    db,
    `SELECT
       (SELECT max(created_at) FROM sms_challenges WHERE member_id = $1) AS last,
       (SELECT count(*) FROM sms_challenges WHERE tel = $2 AND created_at > $4::timestamptz - interval '24 hours') AS tel,
       (SELECT count(*) FROM sms_challenges WHERE member_id = $1 AND created_at > $4::timestamptz - interval '24 hours')
         AS member,
       (SELECT count(*) FROM sms_challenges WHERE client_ip = $3 AND created_at > $4::timestamptz - interval '24 hours')
         AS ip`,
    [q.memberId, q.tel, q.ip, q.now],
  );
  return { lastSentAt: row!.last, tel: Number(row!.tel), member: Number(row!.member), ip: Number(row!.ip) };
}

export interface NewSmsChallenge {
  memberId: number;
  tel: string;
  codeHash: string;
  clientIp: string;
  gateway: string;
  expiresAt: Date;
  now: Date;
}

export async function insertSmsChallenge(db: Queryable, c: NewSmsChallenge): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO sms_challenges (member_id, tel, code_hash, client_ip, gateway, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [c.memberId, c.tel, c.codeHash, c.clientIp, c.gateway, c.expiresAt, c.now],
  );
}

export async function setSmsProviderRef(db: Queryable, id: number, ref: string): Promise<void> {
  await db.query('UPDATE sms_challenges SET provider_ref = $2 WHERE id = $1', [id, ref]);
}

/** The member's newest challenge, locked (the one a code is checked against; older ones are superseded). */
export async function lockLatestSmsChallenge(db: Queryable, memberId: number): Promise<SmsChallengeRow | null> {
  return maybeOne<SmsChallengeRow>(
    db,
    `SELECT id, member_id, tel, code_hash, attempts, expires_at, used_at, created_at
     FROM sms_challenges WHERE member_id = $1 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [memberId],
  );
}

export async function countSmsAttempt(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE sms_challenges SET attempts = attempts + 1 WHERE id = $1', [id]);
}

export async function markSmsChallengeUsed(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query('UPDATE sms_challenges SET attempts = attempts + 1, used_at = $2 WHERE id = $1', [id, now]);
}

/** The member is verified with this number (unique: members_sms_tel_key refuses a number verified elsewhere). */
export async function setMemberSmsVerified(db: Queryable, memberId: number, tel: string, now: Date): Promise<void> {
  await db.query('UPDATE members SET sms_tel = $2, sms_verified_at = $3, updated_at = now() WHERE id = $1', [
    memberId,
    tel,
    now,
  ]);
}

/** Records the bonus unless this member or this number had it already; true when this call recorded it. */
export async function claimSmsBonus(
  db: Queryable,
  b: { tel: string; memberId: number; point: number; now: Date },
): Promise<boolean> {
  const rows = await many(
    db,
    `INSERT INTO sms_bonus_grants (tel, member_id, point, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING tel`,
    [b.tel, b.memberId, b.point, b.now],
  );
  return rows.length === 1;
}

/** A sandbox SMS: kept in the outbox (channel 'sms', already 'sent') where a tester reads it. */
export async function insertOutboxSms(
  db: Queryable,
  m: { to: string; kind: string; body: string; now: Date },
): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO outbox_messages (channel, kind, recipient, body, status, sent_at, next_attempt_at, created_at)
     VALUES ('sms', $1, $2, $3, 'sent', $4, $4, $4) RETURNING id`,
    [m.kind, m.to, m.body, m.now],
  );
}
