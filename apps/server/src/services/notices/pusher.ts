import https from 'node:https';
import net from 'node:net';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

/** A subscription as web-push takes it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How one push attempt ended: sent, gone for good (404/410: the browser dropped the subscription), or failed. */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; error: string };

/** The way out to the browsers' push services (Web Push with VAPID); null keys mean the shop cannot push. */
export interface Pusher {
  readonly enabled: boolean;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/**
 * Tests only (PUSH_PLAIN_HTTP, refused in production): web-push always speaks https, so a test's fake push service
 * (a plain http server) is reached through an https agent whose connection is a plain socket.
 */
class PlainSocketAgent extends https.Agent {
  override createConnection(options: { host?: string; port?: number }) {
    return net.connect(options.port ?? 443, options.host ?? '127.0.0.1');
  }
}

export function createPusher(config: Config): Pusher {
  const { publicKey, privateKey, subject, plainHttp } = config.push;
  const agent = plainHttp ? new PlainSocketAgent() : undefined;
  return {
    enabled: Boolean(publicKey && privateKey),
    async send(target, payload) {
      if (!publicKey || !privateKey) return { ok: false, gone: false, error: 'no VAPID keys' };
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: { subject, publicKey, privateKey },
            // A sale-start notice is worth nothing an hour later; "high" asks the device to wake for it.
            TTL: 3600,
            urgency: 'high',
            timeout: 10_000,
            ...(agent ? { agent } : {}),
          },
        );
        return { ok: true };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        return { ok: false, gone: status === 404 || status === 410, error: String((err as Error).message ?? err) };
      }
    },
  };
}
