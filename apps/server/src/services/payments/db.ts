import type { QueryResult, QueryResultRow } from 'pg';

/** A pool or a transaction client: reads that do not care which. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<QueryResult<R>>;
}
