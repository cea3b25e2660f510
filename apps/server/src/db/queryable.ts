import type pg from 'pg';

/**
 * What a query function runs on: the pool (a statement of its own) or a client inside an open transaction (the
 * caller owns the boundary). Query modules in db/queries take this as their first argument.
 */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** The rows of one statement. */
export async function many<T extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[] = []) {
  return (await db.query<T>(text, values)).rows;
}

/** The first row of one statement, or null when it returned none. */
export async function maybeOne<T extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[] = []) {
  return (await db.query<T>(text, values)).rows[0] ?? null;
}

/**
 * The number in the first column of a statement that always returns one row: a count, a new row's id, a balance
 * after an UPDATE … RETURNING. A missing row is a bug in the statement, so it throws.
 */
export async function oneNumber(db: Queryable, text: string, values: unknown[] = []): Promise<number> {
  const { rows, fields } = await db.query(text, values);
  if (rows.length === 0) throw new Error(`expected one row from: ${text.slice(0, 80)}`);
  return Number(rows[0][fields[0]!.name]);
}

/** Runs an INSERT … RETURNING id and answers the new row's id. */
export const insertReturningId = (db: Queryable, text: string, values: unknown[]): Promise<number> =>
  oneNumber(db, text, values);
