import pg from 'pg';

// int8 (bigint) columns hold money and ids; they stay well inside 2^53, so parse them as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/** The connection pool of one server instance; query functions (db/queries) run on it or on a client of it. */
export interface Database {
  pool: pg.Pool;
  /** Where it connects: a listener (db/listener.ts) opens its own connection there. */
  url: string;
  close(): Promise<void>;
}

/** How long to wait for the database (issue 12 A10): a hung or unreachable server must not hold requests. */
export interface DatabaseTimeouts {
  /** Waiting for a pooled connection, or for a new one to open. */
  dbAcquireTimeoutMs?: number;
  /** One statement, enforced by PostgreSQL (statement_timeout) and, for a server that stopped answering, here. */
  dbStatementTimeoutMs?: number;
}

// A client-side bound past the server's own statement_timeout: PostgreSQL cancels a slow statement first (the
// connection stays usable); this one only fires when the server does not answer at all.
const CLIENT_GRACE_MS = 1000;

export function connectDatabase(url: string, poolSize = 20, timeouts: DatabaseTimeouts = {}): Database {
  const statementMs = timeouts.dbStatementTimeoutMs ?? 10_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts.dbAcquireTimeoutMs ?? 5000,
    statement_timeout: statementMs,
    query_timeout: statementMs + CLIENT_GRACE_MS,
  });
  pool.on('error', () => {
    // An idle client lost its connection (server restart); the pool replaces it on next use.
  });
  // A client lent to a request is no longer heard by the pool: its 'error' (PostgreSQL killed or restarted while
  // the request held it) would end the process. The request's own query rejects instead, and the client is dropped
  // when released with that error.
  pool.on('connect', (client) => client.on('error', () => {}));
  return { pool, url, close: () => pool.end() };
}

// SQLSTATE classes and codes that mean "the database is not there right now", not "this request is wrong":
// connection exceptions (08…), shutdown / cannot connect now (57P01-57P03), too many connections (53300), and a
// statement cancelled by statement_timeout (57014).
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const CONNECTION_LOST_MESSAGES = /Query read timeout|Connection terminated|Client has encountered a connection error/;
const UNAVAILABLE_MESSAGES = new RegExp(`timeout exceeded when trying to connect|${CONNECTION_LOST_MESSAGES.source}`);

/** Whether an error means the database is unreachable, hung or overloaded (answered 503, retried by the client). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_CODES.has(code) || NETWORK_CODES.has(code)))
    return true;
  return UNAVAILABLE_MESSAGES.test(err.message);
}

/**
 * Whether a statement failed because its connection stopped answering (the client-side bound fired, or the
 * connection broke): nothing more should be sent on it, not even a ROLLBACK.
 */
export function connectionUnanswered(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || NETWORK_CODES.has(code))) return true;
  return CONNECTION_LOST_MESSAGES.test(err.message);
}
