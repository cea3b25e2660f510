/**
 * How long a tool waits for a shop server (or its embedded PostgreSQL) to start: START_TIMEOUT_MS, by default
 * 3 minutes. On a 2-core machine that other jobs share, a start that takes 5 s when idle can take ten times that
 * (issue 20: chaos's former fixed 40 s failed there). Used by the benches, chaos, lighthouse, screenshots and the
 * browser journeys' shops.
 */
export const START_TIMEOUT_MS = Number(process.env.START_TIMEOUT_MS ?? 180_000);
