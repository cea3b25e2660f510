import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Metrics } from './observability/metrics.ts';
import type { Mailer } from './services/mailer.ts';
import type { Pusher } from './services/notices/pusher.ts';
import type { MaintenanceCache } from './services/maintenance.ts';
import type { PackCaches } from './services/packs/pack-caches.ts';
import type { PaymentGateway } from './services/payments/gateways/gateway.ts';
import type { MessagingGateway } from './services/programmes/daily-draw/messaging/gateway.ts';
import type { PartnerGateways } from './services/programmes/partner/gateways/select.ts';
import type { LiveHub } from './services/live/live-hub.ts';
import type { SmsGateway } from './services/programmes/sms/gateway.ts';
import type { SessionCache } from './services/sessions.ts';
import type { SiteCache } from './services/site-content.ts';
import type { ObjectStorage } from './storage/storage.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that can be moved forward (never back), as a payment provider's test clock: the sandbox's shop clock
 * (services/shop-clock.ts, shared by every instance through the database) and the tests' clock. Production's is
 * the system clock, which cannot.
 */
export interface MovableClock extends Clock {
  /** Moves the time forward to `at`; a time before now leaves it where it is. Answers the time after the move. */
  moveTo(at: Date): Promise<Date>;
}

export const isMovable = (clock: Clock): clock is MovableClock =>
  typeof (clock as Partial<MovableClock>).moveTo === 'function';

/**
 * What services and routes may use. Built once at start; tests build their own with a fake clock. Every outside
 * service (mail, payments, SMS, the messaging app, media storage, partner sites) is a field, chosen once from the configuration by
 * createGateways (gateways.ts), so a test or the sandbox can put another in its place.
 */
export interface AppContext {
  config: Config;
  db: Database;
  /** The way out to SMTP (SMTP_URL), or none: mails then stay in the outbox. */
  mailer: Mailer;
  /** The way out to the browsers' push services (VAPID keys of the configuration); disabled without keys. */
  pusher: Pusher;
  clock: Clock;
  // Per-instance caches (each server instance has its own; createInstanceCaches makes them).
  sessionCache: SessionCache;
  siteCache: SiteCache;
  maintenanceCache: MaintenanceCache;
  /** The purchase path's batchers and caches (services/packs/pack-caches.ts). */
  packs: PackCaches;
  /** The payment company in use (PAYMENT_PROVIDER). */
  gateway: PaymentGateway;
  /** The SMS company in use (SMS_PROVIDER): the sandbox outbox or Twilio. */
  sms: SmsGateway;
  /** The messaging app members link for the daily draw (MESSAGING_PROVIDER); null where it is off. */
  messaging: MessagingGateway | null;
  /** Where uploaded files live (MEDIA_STORAGE): DATA_DIR/media or an S3-compatible bucket. */
  media: ObjectStorage;
  /** The gateway of a partner site (point transfer), by the adapter its row names; null where it cannot be used. */
  partners: PartnerGateways;
  /** The live stock and hit ticker of this instance's open pages (services/live/live-hub.ts, ADR 0049). */
  live: LiveHub;
  /** This instance's Prometheus metrics (observability/metrics.ts), printed at GET /metrics. */
  metrics: Metrics;
}
