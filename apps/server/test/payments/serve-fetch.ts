import { createServer, type Server } from 'node:http';

/** A fake provider written as a fetch handler, the form the server tests plug into a gateway's client. */
export type FetchHandler = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<Response>;

/**
 * Serves a fetch-handler fake over HTTP on 127.0.0.1 (port 0: any free port), so a whole shop process and a browser
 * can reach the same fake the server tests use (the browser journeys in Stripe and KOMOJU mode). Every reply may be
 * read cross-origin, as the providers' public endpoints can.
 */
export async function serveFetchHandler(handle: FetchHandler, port = 0): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
      );
      handle(`http://127.0.0.1${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
        .then(async (r) => {
          const out: Record<string, string> = { 'access-control-allow-origin': '*' };
          r.headers.forEach((v, k) => (out[k] = v));
          res.writeHead(r.status, out);
          res.end(Buffer.from(await r.arrayBuffer()));
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'api_error', code: 'internal', message: String(err) } }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return { url: `http://127.0.0.1:${bound}`, server };
}
