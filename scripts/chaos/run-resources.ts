/**
 * Everything a chaos run starts, and how it is undone whatever happens: the temp dir, the database (an owned
 * embedded PostgreSQL, or a fresh database on DATABASE_URL's server), the server processes with their output in
 * one log file, the SMTP sink and the fake provider. cleanup() stops them gently; cleanupNow() is for a signal or
 * the hard time bound, where nothing can be awaited.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { START_TIMEOUT_MS } from '../lib/start-timeout.ts';
import type { startFakeProvider } from './fake-provider.ts';
import { startOwnedPostgres, type OwnedPostgres } from './owned-postgres.ts';
import type { SmtpSink } from './smtp-sink.ts';

export interface Server {
  port: number;
  proc: ChildProcess;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class RunResources {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'oripa-chaos-'));
  readonly servers: Server[] = [];
  owned: OwnedPostgres | null = null;
  provider: Awaited<ReturnType<typeof startFakeProvider>> | null = null;
  sink: SmtpSink | null = null;
  readonly logFile: string;
  /** The servers' stdout (the shop's JSON log) and stderr; pass as ServerOptions.stderr. */
  readonly logFd: number;
  /** Servers that exited without the run asking them to, with when and how. */
  readonly unexpectedExits: string[] = [];
  private readonly t0 = performance.now();
  private externalName = '';
  private dropExternal: (() => Promise<void>) | null = null;
  private stopping = false;

  constructor(
    logFile: string | undefined,
    private readonly log: (line: string) => void,
  ) {
    chmodSync(this.dir, 0o755); // the embedded server runs as the postgres OS user when we are root
    this.logFile = logFile ? path.resolve(logFile) : path.join(this.dir, 'servers.log');
    this.logFd = openSync(this.logFile, 'a');
  }

  /** The run's database URL: an owned embedded server, or a fresh database on `external`'s server. */
  async database(external: string | undefined): Promise<string> {
    if (!external) {
      this.owned = await startOwnedPostgres(this.dir);
      await this.owned.start(START_TIMEOUT_MS);
      return this.owned.url;
    }
    const name = `chaos_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    this.externalName = name;
    this.dropExternal = async () => {
      const a = new pg.Client({ connectionString: external });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
    const u = new URL(external);
    u.pathname = `/${name}`;
    return u.toString();
  }

  describeDatabase() {
    return this.owned ? 'embedded PostgreSQL started by this run' : `${this.externalName} on DATABASE_URL's server`;
  }

  /** Adopts a started server: its output goes to the log file, and an exit nobody asked for is reported. */
  adopt(s: Server, slot = this.servers.length): Server {
    this.servers[slot] = s;
    s.proc.once('exit', (code, signal) => {
      if (signal === 'SIGKILL' || this.stopping) return;
      const at = ((performance.now() - this.t0) / 1000).toFixed(0);
      const what = `the server on port ${s.port} exited (${code ?? signal}) at ${at} s`;
      this.unexpectedExits.push(what);
      this.log(`        ! ${what}`);
    });
    s.proc.stdout!.on('data', (d: Buffer) => {
      try {
        writeSync(this.logFd, d);
      } catch {
        // the run is over and the file closed
      }
    });
    return s;
  }

  serverLog(): string {
    return readFileSync(this.logFile, 'utf8');
  }

  cleanupNow() {
    for (const s of this.servers) s.proc.kill('SIGKILL');
    this.owned?.killNow();
    rmSync(this.dir, { recursive: true, force: true });
    if (this.dropExternal) this.log(`left behind on the external server: database ${this.externalName}`);
  }

  async cleanup() {
    this.stopping = true;
    await Promise.all(
      this.servers.map(async ({ proc }) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return;
        const gone = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        if (!(await Promise.race([gone.then(() => true), sleep(8_000).then(() => false)]))) proc.kill('SIGKILL');
      }),
    );
    await this.owned?.stop(10_000);
    await this.provider?.close();
    await this.sink?.close();
    await this.dropExternal?.().catch((e: Error) => this.log(`could not drop ${this.externalName}: ${e.message}`));
    this.dropExternal = null;
    closeSync(this.logFd);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
