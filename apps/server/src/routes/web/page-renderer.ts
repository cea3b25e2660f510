import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang } from '@oripa/core';
import { SESSION_COOKIE } from '../../http/session.ts';

/**
 * The storefront's own React components rendered on the server (ADR 0052): the module the web build writes to
 * dist/ssr/entry-server.js (apps/web/src/entry-server.tsx, built by apps/web/vite.ssr.config.ts). Its shape is
 * written down here because the server never imports the web's sources (walls test).
 */
export interface SsrState {
  lang: Lang;
  queries: { key: readonly unknown[]; data: unknown; at: number }[];
  drawnAt: number;
}
export type Rendered =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; html: string; state: SsrState; guard: 'public' | 'member'; sources: string[] };
type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
export interface PageRenderer {
  render(page: { url: string; lang: Lang; api: ApiTransport }): Promise<Rendered>;
  guardOf(pathname: string): 'public' | 'member' | null;
}

/** The render module of the build at `root`, or null when the build has none (a build from before ADR 0052). */
export async function loadPageRenderer(root: string): Promise<PageRenderer | null> {
  const file = path.join(root, 'ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/** The request headers an in-process /api read carries over from the page's request. */
const CARRIED_HEADERS = ['accept-language', 'user-agent', 'host', 'x-forwarded-for', 'x-forwarded-proto'] as const;

/**
 * The page's /api reads answered by this server in-process (Fastify's inject: the whole /api pipeline, no socket),
 * as the visitor: their cookies, with the session id the page hands out (a first visit's new guest id), so the
 * replies are exactly what the browser would have fetched. The render only reads: anything but GET is refused.
 */
export function inProcessApi(
  app: FastifyInstance,
  request: FastifyRequest,
  sid: string | null,
  lang: Lang,
): ApiTransport {
  // The page's language as the `lang` cookie, as the SPA sets it before its first read (i18n/index.ts): the
  // replies (pack names) are then in the language the page is drawn in, whatever the browser's Accept-Language.
  const cookies: Record<string, string> = { ...(request.cookies as Record<string, string>), lang };
  if (sid) cookies[SESSION_COOKIE] = sid;
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
  const headers: Record<string, string> = { cookie };
  for (const name of CARRIED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return async (url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`a page render only reads (${method} ${url})`);
    const res = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    const replyHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && name !== 'set-cookie') replyHeaders.set(name, String(value));
    }
    return new Response(res.body, { status: res.statusCode, headers: replyHeaders });
  };
}
