import type { Queryable } from '../queryable.ts';

/** The payment methods staff switched off (payment_method_settings; no row means on). */
export async function listDisabledPayIds(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ pay_id: number }>(
    'SELECT pay_id FROM payment_method_settings WHERE NOT enabled ORDER BY pay_id',
  );
  return rows.map((r) => Number(r.pay_id));
}

/** Switches one method; answers whether it was on before (no row: on). Locks the row against a racing switch. */
export async function setPayMethodEnabled(db: Queryable, payId: number, enabled: boolean, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ enabled: boolean }>(
    'SELECT enabled FROM payment_method_settings WHERE pay_id = $1 FOR UPDATE',
    [payId],
  );
  await db.query(
    `INSERT INTO payment_method_settings (pay_id, enabled, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (pay_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
    [payId, enabled, now],
  );
  return rows[0]?.enabled ?? true;
}
