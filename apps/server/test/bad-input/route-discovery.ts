import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { AppContext } from '../../src/context.ts';
import { adminPlugin } from '../../src/http/admin/admin-plugin.ts';
import { STAFF_COOKIE } from '../../src/http/admin/staff-guard.ts';
import { apiPlugin } from '../../src/http/api-plugin.ts';
import { issueCsrf } from '../../src/http/csrf.ts';
import '../../src/http/types.ts';
import { adminRoutes } from '../../src/routes/admin/index.ts';
import { apiRoutes } from '../../src/routes/index.ts';
import { shopLookups } from '../../src/routes/shop-lookups.ts';

/**
 * Finds every POST route under /api and the payload fields each one reads, without any list kept by hand:
 * the route plugins of routes/index.ts are registered again in a throwaway Fastify instance (sharing the test
 * shop's context) whose onRoute hook collects the paths, and whose preHandler hook hands each handler a payload
 * Proxy that records which keys the handler (its zod schema, usually) looks at when given `{}`.
 * A route added tomorrow is found the same way. `area: 'admin'` does the same for the console's /api/admin routes
 * (routes/admin/index.ts behind the staff guard, as app.ts mounts them).
 */
export interface PostRoute {
  /** The path as registered, e.g. /api/user/history/detail/:id */
  url: string;
  params: string[];
  /** An /api/admin route's config.permission ('staff.session' for the sign-in steps). */
  permission?: string;
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NOT_FIELDS = new Set(['constructor', 'toString', 'toJSON', 'valueOf', 'hasOwnProperty', 'then', '__proto__']);

export const UNKNOWN_ID = '999999999';

/** Fills every path parameter with a value (an unknown id unless told otherwise). */
export function fillPath(route: PostRoute, value = UNKNOWN_ID): string {
  return route.url.replace(/:([A-Za-z0-9_]+)\??/g, () => encodeURIComponent(value));
}

export interface Discovery {
  routes: PostRoute[];
  /** Fields a route read from `{}`, per caller kind. */
  fieldsRead(url: string): string[];
  /**
   * Posts `{}` (with a valid CSRF pair) as a guest or as the session `sid` (and the staff session `staffSid`, for
   * /api/admin); answers the reply's state and errors.
   */
  probe(
    route: PostRoute,
    sid: string | null,
    staffSid?: string | null,
    id?: string,
  ): Promise<{ state: number; errorFields: string[] }>;
  close(): Promise<void>;
}

export async function discoverPostRoutes(ctx: AppContext, area: 'shop' | 'admin' = 'shop'): Promise<Discovery> {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  app.decorate('ctx', ctx);
  const routes = new Map<string, PostRoute>();
  const reads = new Map<string, Set<string>>();
  app.addHook('onRoute', (r) => {
    const methods = ([] as string[]).concat(r.method);
    if (!methods.includes('POST') || !r.url.startsWith('/api/')) return;
    const params = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    const permission = r.config?.permission;
    routes.set(r.url, { url: r.url, params, ...(permission ? { permission } : {}) });
  });
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST') return;
    const seen = reads.get(request.routeOptions.url ?? '') ?? new Set<string>();
    reads.set(request.routeOptions.url ?? '', seen);
    const note = (k: string | symbol) => {
      if (typeof k === 'string' && FIELD_NAME.test(k) && !NOT_FIELDS.has(k)) seen.add(k);
    };
    request.payload = new Proxy(request.payload, {
      get(t, k, r) {
        note(k);
        return Reflect.get(t, k, r);
      },
      has(t, k) {
        note(k);
        return Reflect.has(t, k);
      },
      getOwnPropertyDescriptor(t, k) {
        note(k);
        return Reflect.getOwnPropertyDescriptor(t, k);
      },
    });
  });
  await app.register(cookie);
  await app.register(formbody);
  if (area === 'admin') await app.register(adminPlugin(adminRoutes, shopLookups), { prefix: '/api/admin' });
  else await app.register(apiPlugin(apiRoutes, shopLookups), { prefix: '/api' });
  await app.ready();

  return {
    routes: [...routes.values()].sort((a, b) => a.url.localeCompare(b.url)),
    fieldsRead: (url) => [...(reads.get(url) ?? [])].sort(),
    async probe(route, sid, staffSid = null, id = UNKNOWN_ID) {
      const session = sid ?? `g.${randomBytes(32).toString('base64url')}`;
      const csrf = issueCsrf(ctx.config.sessionSecret, session);
      const res = await app.inject({
        method: 'POST',
        url: fillPath(route, id),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `sid=${session}; lang=en${staffSid ? `; ${STAFF_COOKIE}=${staffSid}` : ''}`,
        },
        payload: new URLSearchParams({ ...csrf, json: '{}' }).toString(),
      });
      const body = res.json() as { state: number; errors?: Record<string, unknown> };
      return { state: body.state, errorFields: Object.keys(body.errors ?? {}) };
    },
    close: () => app.close(),
  };
}
