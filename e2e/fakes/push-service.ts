import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A browser's push service in miniature for the drop journey (issue 22 §4): a plain http server the shop reaches
 * with PUSH_PLAIN_HTTP=1 (e2e/fixtures.ts), which takes a push as FCM or Mozilla's service would, decrypts it with
 * the device's keys (RFC 8291, aes128gcm) and hands the plain payload to the test, which delivers it to the real
 * Chromium's service worker. Chromium's own subscribe() cannot reach a push service here (a test context is
 * "incognito" to it), so the page is given this service's subscription instead.
 */
export interface FakeDevice {
  /** What PushSubscription.toJSON() gives: an https endpoint (the scheme the shop insists on; the socket is plain). */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The next push sent to this device, decrypted (rejects after `timeoutMs`). */
  nextPush(timeoutMs?: number): Promise<string>;
}

export interface FakePushService {
  device(): FakeDevice;
  close(): Promise<void>;
}

/** RFC 8291 / RFC 8188 with one record, as web-push sends it: header (salt, rs, the sender's key), then the record. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ua.computeSecret(senderKey), auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any zero padding.
  const end = plain.lastIndexOf(2);
  if (end < 0) throw new Error('push record without its delimiter');
  return plain.subarray(0, end).toString('utf8');
}

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<
    string,
    { ua: ReturnType<typeof createECDH>; auth: Buffer; pushes: Buffer[]; wake?: () => void }
  >();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = devices.get(req.url ?? '');
      // A push service answers 201 Created for a push it will deliver, 404/410 for a subscription it does not know.
      if (!device || req.headers['content-encoding'] !== 'aes128gcm') return void res.writeHead(410).end();
      device.pushes.push(Buffer.concat(chunks));
      device.wake?.();
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    device() {
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const state = { ua, auth, pushes: [] as Buffer[], wake: undefined as (() => void) | undefined };
      devices.set(path, state);
      return {
        subscription: {
          endpoint: `https://127.0.0.1:${port}${path}`,
          expirationTime: null,
          keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        async nextPush(timeoutMs = 15_000) {
          const deadline = Date.now() + timeoutMs;
          while (state.pushes.length === 0) {
            if (Date.now() > deadline) throw new Error(`no push reached ${path} within ${timeoutMs} ms`);
            await new Promise<void>((r) => {
              state.wake = r;
              setTimeout(r, 250);
            });
          }
          return decrypt(state.pushes.shift()!, ua, auth);
        },
      };
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
