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

/** Runs an INSERT … RETURNING id and answers the new row's id. */
export async function insertReturningId(db: Queryable, text: string, values: unknown[]): Promise<number> {
  const row = await maybeOne<{ id: number }>(db, text, values);
  return Number(row!.id);
}
