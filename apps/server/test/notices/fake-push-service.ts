import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';

/**
 * A browser's push service in miniature: a plain http server (the shop reaches it with PUSH_PLAIN_HTTP=1) that
 * records each push and answers 201, or 410 for endpoints under /gone/ (the browser dropped the subscription).
 */
export interface FakePushService {
  /** An https endpoint on this server (the scheme the shop insists on; the socket is plain), with real keys. */
  subscription(kind: 'ok' | 'gone'): { endpoint: string; keys: { p256dh: string; auth: string } };
  received: { path: string; headers: http.IncomingHttpHeaders; bytes: number }[];
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const received: FakePushService['received'] = [];
  const server = http.createServer((req, res) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, bytes });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  let n = 0;
  return {
    received,
    subscription(kind) {
      // A device's real P-256 key and auth secret, so web-push encrypts the payload as for a browser.
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        endpoint: `https://127.0.0.1:${port}/${kind}/${++n}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      };
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** The environment of a shop that pushes to a fake service: a VAPID pair and plain sockets. */
export function pushTestEnv(): Record<string, string> {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, PUSH_PLAIN_HTTP: '1' };
}
