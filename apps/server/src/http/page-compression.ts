import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The pages' HTML compressed (issue 24): a server-drawn page is some 50 kB of markup and state, sent as it was;
 * brotli makes it about a sixth of that, which a phone on a slow line feels before anything paints. The build's
 * files are compressed once at build time (apps/web/build/precompress.ts); a page is drawn per request, so it is
 * compressed per request, at brotli quality 5: 8.2 kB of the top page's 49.7 kB for 1-2 ms of CPU, spent in zlib's
 * thread pool, not on the event loop (quality 11 took 258 ms for 7.5 kB). The session cookie rides in a header, the
 * page carries no CSRF token, and the cookie is SameSite=Lax (so a cross-site request gets no member's page to
 * measure): the BREACH pattern (a secret and attacker-chosen text compressed together, measured over many requests)
 * has nothing to work with.
 */
const br = promisify(brotliCompress);
const gz = promisify(gzip);
const BROTLI_QUALITY = 5;
/** Below this a page gains less than a packet. */
const MIN_BYTES = 1024;

/** The encoding to send for an Accept-Encoding header: br, else gzip, else none; a q of 0 refuses one. */
export function pageEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

/** Sends a page's HTML, compressed when the browser takes it (Vary says so to any cache). */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8');
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = Buffer.byteLength(html) >= MIN_BYTES ? pageEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(html);
  const body =
    encoding === 'br'
      ? await br(html, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : await gz(html, { level: 6 });
  reply.header('content-encoding', encoding);
  return reply.send(body);
}
