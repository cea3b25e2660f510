import type { FastifyPluginAsync } from 'fastify';
import type { LiveSubscriber } from '../../services/live/live-hub.ts';

/**
 * Open pages per instance beyond which a new page is told to poll instead (503; the page's live code falls back to
 * GET /api/user/pack/live): a bound on sockets, not a figure we expect to reach (bench:live holds 5,000 on one).
 */
const MAX_PAGES_PER_INSTANCE = 20_000;
/** A page that has not read this much of its stream is too slow to follow; it is closed and reconnects later. */
const MAX_UNREAD_BYTES = 256 * 1024;

/** The polling fallback, in the /api envelope: every current pack's stock and the newest hits. */
export const liveSnapshotRoutes: FastifyPluginAsync = async (api) => {
  api.get('/user/pack/live', async (_request, reply) => reply.ok({ ...(await api.ctx.live.snapshot()) }));
};

/**
 * GET /api/live/stream: the live stock and hit ticker as server-sent events (issue 22 §3, ADR 0049). Public and
 * the same for everyone, so it is outside the /api plugin: no session, cookie or CSRF pair per open page.
 */
export const liveStreamRoutes: FastifyPluginAsync = async (app) => {
  app.get('/stream', async (request, reply) => {
    const hub = app.ctx.live;
    if (hub.size >= MAX_PAGES_PER_INSTANCE) {
      return reply.code(503).header('retry-after', '30').send({ state: 503 });
    }
    await hub.start();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx (deploy/local) must pass each event on at once instead of buffering the reply.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      // The stream is the connection's whole life: once it ends (the instance stops), the socket closes instead of
      // idling in keep-alive and holding the server's close for a minute.
      connection: 'close',
    });
    const sub: LiveSubscriber = {
      send: (chunk) => {
        if (res.writableLength > MAX_UNREAD_BYTES) res.destroy();
        else res.write(chunk);
      },
      end: () => res.end(),
    };
    const off = hub.subscribe(sub);
    res.on('close', off);
  });
};
