import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Mailer } from './services/mailer.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What services and routes may use. Built once at start; tests build their own with a fake clock. */
export interface AppContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  clock: Clock;
}
