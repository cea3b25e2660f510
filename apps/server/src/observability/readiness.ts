import type { AppContext } from '../context.ts';
import { schemaBehind } from '../db/migrate.ts';
import { writeReadinessBeat } from '../db/queries/readiness.ts';

/** A readiness probe answers within this, whatever the database does. */
export const READY_TIMEOUT_MS = 2_000;

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Whether this instance can serve: the database answers within READY_TIMEOUT_MS, has every migration and
 * function file of this build applied, and takes a write, as does the media storage's disk (issue 20). One check
 * at a time per instance: while the database hangs, probes share the check in flight instead of each holding a
 * pool connection.
 */
export function readinessCheck(ctx: AppContext): () => Promise<Readiness> {
  let inFlight: Promise<Readiness> | null = null;
  const storage = ctx.media;
  const check = async (): Promise<Readiness> => {
    const behind = await schemaBehind(ctx.db.pool);
    if (behind.length > 0) return { ready: false, reason: `schema behind: ${behind.join(', ')}` };
    // Reads can work while every write fails (a read-only database, a full disk): the shop cannot sell then.
    try {
      await writeReadinessBeat(ctx.db.pool);
    } catch (err) {
      return { ready: false, reason: `database refuses writes: ${(err as Error).message}` };
    }
    try {
      await storage.probeWrite?.();
    } catch (err) {
      return { ready: false, reason: `media storage refuses writes: ${(err as Error).message}` };
    }
    return { ready: true };
  };
  return () => {
    if (inFlight) return inFlight;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, reason: 'database did not answer in time' }), READY_TIMEOUT_MS);
    });
    const probe = check().catch((err: Error): Readiness => ({ ready: false, reason: `database: ${err.message}` }));
    inFlight = Promise.race([probe, timeout]);
    // The next probe may start once this one has its answer; a hung query still finishes (or fails) on its own.
    void inFlight.finally(() => {
      clearTimeout(timer);
      inFlight = null;
    });
    return inFlight;
  };
}
