import { createServer, type Server } from 'node:http';
import { FakeStripe } from './fake-stripe.ts';

/**
 * The fake Stripe API over HTTP on 127.0.0.1, for a whole shop process pointed at it with STRIPE_API_BASE (the
 * browser tests in Stripe mode). Browser calls reach it through the test's page.route of https://api.stripe.com.
 */
export async function startFakeStripeServer(port = 0): Promise<{ fake: FakeStripe; url: string; server: Server }> {
  const fake = new FakeStripe();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
      );
      fake
        .fetch(`http://127.0.0.1${req.url ?? '/'}`, {
          method: req.method,
          headers,
          body: Buffer.concat(chunks).toString('utf8'),
        })
        .then(async (r) => {
          res.writeHead(r.status, {
            'content-type': 'application/json',
            'request-id': r.headers.get('request-id') ?? '',
            'access-control-allow-origin': '*',
          });
          res.end(await r.text());
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return { fake, url: `http://127.0.0.1:${bound}`, server };
}
