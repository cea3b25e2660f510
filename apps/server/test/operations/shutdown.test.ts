import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { HARD_EXIT_MS } from '../../src/shutdown.ts';
import { freshDatabase } from '../fresh-database.ts';

// Issue 12 D: SIGTERM lets the request in flight finish with its reply, takes no new one, and exits 0 in time.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A POST whose body arrives in two parts: the request is in flight between them. */
function slowPost(port: number, body: string) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/payment/webhook/sandbox',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { finish: () => req.end(body.slice(half)), reply };
}

// A real start (tsx, migrations on a fresh database) takes a while on a loaded machine.
it(
  'SIGTERM: the request in flight gets its reply, new connections are refused, exit 0 within the bound',
  { timeout: 150_000 },
  async () => {
    const db = await freshDatabase();
    const port = await freePort();
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        SEED_DEMO: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => output, { timeout: 120_000, interval: 100 }).toContain('is running at');

      const inFlight = slowPost(port, JSON.stringify({ id: 'evt_in_flight', pad: 'x'.repeat(2000) }));
      await new Promise((r) => setTimeout(r, 300));
      const signalledAt = Date.now();
      child.kill('SIGTERM');
      await expect.poll(() => output, { timeout: 5_000, interval: 50 }).toContain('shutting down');

      // The listener is closed: a new connection is refused (or, on a kept-alive socket, answered 503).
      const fresh = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(fresh);

      inFlight.finish();
      const reply = await inFlight.reply;
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({ outcome: 'bad_signature' });

      expect(await exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(HARD_EXIT_MS);
      expect(output).toMatch(/"msg":"stopped"/);
      // Every request's log lines carry its id.
      expect(output).toMatch(/"reqId":"[^"]+".*"msg":"request completed"/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await db.drop();
    }
  },
);
