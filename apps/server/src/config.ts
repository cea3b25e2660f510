import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_METHOD_MAX_YEN, PAY_IDS } from '@oripa/core';

// Every environment variable the server reads, with its default. README's configuration table mirrors this list.
const flag = z.enum(['0', '1']).transform((v) => v === '1');
const millis = (min: number, def: number) => z.coerce.number().int().min(min).max(600_000).default(def);

/** An address or CIDR block (10.0.0.0/8, ::1, fd00::/8): the forms Fastify's trustProxy takes in a list. */
function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: 0 (no proxy), a number of proxy hops in front of the shop, or a comma list of the proxies' own
 * addresses/CIDRs. The client address is then the one the last trusted proxy saw, never an entry the client wrote.
 */
const trustProxy = z.string().transform((v, ctx): false | number | string => {
  if (/^\d{1,2}$/.test(v)) return Number(v) === 0 ? false : Number(v);
  const list = v.split(',').map((s) => s.trim());
  if (list.every(isAddressOrCidr)) return list.join(',');
  ctx.addIssue({
    code: 'custom',
    message: 'must be 0, a number of proxy hops (e.g. 1), or a comma list of proxy addresses/CIDRs',
  });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MAINTENANCE: flag.default(false),
  SANDBOX: flag.optional(),
  SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Production without a real SMS or mail gateway (mails and SMS left in the outbox), on purpose only.
  ALLOW_UNSENT_MESSAGES: flag.default(false),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: flag.optional(),
  JOBS: flag.default(true),
  TRUST_PROXY: trustProxy.optional(),
  DB_ACQUIRE_TIMEOUT_MS: millis(100, 5000),
  DB_STATEMENT_TIMEOUT_MS: millis(100, 10_000),
  HTTP_REQUEST_TIMEOUT_MS: millis(1000, 15_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAIL_FROM: z.string().min(3).default('KIRAKIRA ORIPA <no-reply@kirakira-oripa.example>'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  // Mail delivery (jobs/deliver-mail.ts): tries per mail before it is marked failed, and the first retry's delay
  // (doubling each time, at most an hour).
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  MAIL_RETRY_BASE_MS: millis(100, 30_000),
  // Web Push (issue 22 §4, ADR 0051): the VAPID key pair (base64url, as web-push generates) and the contact the
  // push services may write to. Without a pair, a development shop generates one into DATA_DIR/vapid.json;
  // production without one sends sale-start notices by mail only.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/)
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/)
    .optional(),
  // Tests only (refused in production): push services are reached over plain http (a local fake).
  PUSH_PLAIN_HTTP: flag.optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/)
    .default('mailto:support@kirakira-oripa.example'),
  // Accounts one client address may create per hour (services/auth-throttle.ts); a benchmark raises it for itself.
  REGISTRATION_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  // The waiting room of a drop (issue 22, services/drops/drop-limits.ts): requests per client address per minute
  // on one instance (members behind one carrier NAT share an address; a benchmark from one address raises them), and
  // the proof-of-work's difficulty (the largest number a client may have to try).
  DROP_JOINS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(60),
  DROP_STATUS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(3000),
  DROP_POW_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  ADJUSTMENT_APPROVAL_ABOVE: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  // The return rate (還元率, percent) a pack is expected to have; outside it the pack editor and the publish step
  // warn (never refuse) (core catalogue/economics.ts, ADR 0045).
  PACK_RETURN_RATE_MIN: z.coerce.number().int().min(0).max(1000).default(60),
  PACK_RETURN_RATE_MAX: z.coerce.number().int().min(0).max(1000).default(100),
  OPERATOR_NAME: z.string().min(1).default('株式会社キラキラトレーディング'),
  OPERATOR_NAME_EN: z.string().min(1).default('Kirakira Trading Co., Ltd.'),
  OPERATOR_REPRESENTATIVE: z.string().min(1).default('星野 光'),
  OPERATOR_REPRESENTATIVE_EN: z.string().min(1).default('Hikaru Hoshino'),
  OPERATOR_ADDRESS: z.string().min(1).default('〒330-0063 埼玉県さいたま市浦和区高砂9-9-9 キラキラビル5F'),
  OPERATOR_ADDRESS_EN: z
    .string()
    .min(1)
    .default('Kirakira Bldg. 5F, 9-9-9 Takasago, Urawa-ku, Saitama-shi, Saitama 330-0063, Japan'),
  OPERATOR_PHONE: z.string().min(1).default('048-000-0000'),
  OPERATOR_EMAIL: z.email().default('support@kirakira-oripa.example'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe', 'komoju']).default('sandbox'),
  // Routing per method (ADR 0042): `komoju=2,6,10,11,13;stripe=1,7` — these pay ids are served by the named
  // provider, the rest by PAYMENT_PROVIDER.
  PAYMENT_ROUTES: z.string().max(200).default(''),
  // Provider limits per payment in yen (issue 23): `13=30000;6=10000`; konbini defaults to 300000.
  PAYMENT_METHOD_MAX: z.string().max(200).default(''),
  // KOMOJU (ADR 0042): the secret key of its REST API and the webhook's secret token (X-Komoju-Signature).
  KOMOJU_SECRET_KEY: z
    .string()
    .regex(/^sk_(test_|live_)?[A-Za-z0-9]+$/, 'must look like sk_test_… or sk_live_…')
    .optional(),
  KOMOJU_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  // Tests only: the KOMOJU API is a local fake at this URL.
  KOMOJU_API_BASE: z.url().optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must look like sk_test_… or sk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, 'must look like whsec_…')
    .optional(),
  // Handed to the browser (Stripe.js tokenises cards there); public by design.
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must look like pk_test_… or pk_live_…')
    .optional(),
  // Tests only (refused in production): the Stripe API is a local fake at this address, e.g. the browser tests.
  STRIPE_API_BASE: z.url().optional(),
  PAYMENT_CALLBACK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // SMS verification (issue 11, ADR 0019): 'sandbox' writes messages to the outbox; 'twilio' sends through Twilio's
  // REST API with these credentials (a sender number or a messaging service).
  SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must look like AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_FROM: z.string().min(3).optional(),
  // Tests only (refused in production): Twilio's API is a local fake at this address.
  TWILIO_API_BASE: z.url().optional(),
  // Referral rewards (issue 11, ADR 0024): points to each side on the referred member's first point purchase, and
  // the rewards one referrer may receive per month (Asia/Tokyo).
  REFERRAL_REFERRER_POINT: z.coerce.number().int().min(0).max(100_000).default(500),
  REFERRAL_REFEREE_POINT: z.coerce.number().int().min(0).max(100_000).default(500),
  REFERRAL_MONTHLY_CAP: z.coerce.number().int().min(0).max(10_000).default(10),
  // Responsible play (issue 19 §2, ADR 0036): yen a member may spend on points and coins per JST month by age band
  // (adults have no band cap; every member may set a lower limit of their own).
  AGE_CAP_UNDER_16: z.coerce.number().int().min(0).max(10_000_000).default(5_000),
  AGE_CAP_16_17: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  // Partner-site transfers (ADR 0023): the secret partner requests are signed with (HMAC-SHA256).
  PARTNER_SHARED_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // The messaging app of the daily draw: 'sandbox' links at once; 'line' is LINE Login with this channel.
  MESSAGING_PROVIDER: z.enum(['sandbox', 'line']).default('sandbox'),
  LINE_CHANNEL_ID: z
    .string()
    .regex(/^\d{6,20}$/, 'must be the channel id (digits)')
    .optional(),
  LINE_CHANNEL_SECRET: z.string().min(16).optional(),
  // Uploaded images (ADR 0015): 'local' keeps them under DATA_DIR/media; 's3' in an S3-compatible bucket.
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('auto'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9/_-]*$/, 'lower-case letters, digits, / _ -')
    .default(''),
});

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined> = process.env) {
  // Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production');
  }
  if (production && e.SANDBOX && !e.SANDBOX_SECRET) {
    // A staging shop's sandbox can mint points and read every mail: never open to anyone (sandbox/access.ts).
    throw new ConfigError('Invalid configuration:\n  SANDBOX_SECRET: required when NODE_ENV=production and SANDBOX=1');
  }
  if (production && e.PUSH_PLAIN_HTTP) {
    throw new ConfigError('Invalid configuration:\n  PUSH_PLAIN_HTTP: only for tests, not with NODE_ENV=production');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY: give both VAPID keys or neither');
  }
  if (e.AGE_CAP_UNDER_16 > e.AGE_CAP_16_17) {
    // A younger band never gets more than an older one.
    throw new ConfigError('Invalid configuration:\n  AGE_CAP_UNDER_16: must not be above AGE_CAP_16_17');
  }
  if (e.PACK_RETURN_RATE_MIN > e.PACK_RETURN_RATE_MAX) {
    throw new ConfigError('Invalid configuration:\n  PACK_RETURN_RATE_MIN: must not be above PACK_RETURN_RATE_MAX');
  }
  if (production && !e.DATABASE_URL) {
    // Allowed, but production normally runs against a managed PostgreSQL.
  }
  const config = {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    // A development shop's sandbox can mint points: it listens on this machine only unless HOST says otherwise.
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    dbPoolSize: e.DB_POOL_SIZE,
    dbAcquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    httpRequestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    sessionSecret: e.SESSION_SECRET ?? 'development-only-secret-do-not-use-in-production!!',
    maintenance: e.MAINTENANCE,
    sandbox: e.SANDBOX ?? !production,
    sandboxSecret: e.SANDBOX_SECRET ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    seedDemo: e.SEED_DEMO ?? !production,
    jobs: e.JOBS,
    trustProxy: e.TRUST_PROXY ?? false,
    secureCookies: production,
    logLevel: e.LOG_LEVEL,
    registrationLimitPerHour: e.REGISTRATION_LIMIT_PER_HOUR,
    adjustmentApprovalAbove: e.ADJUSTMENT_APPROVAL_ABOVE,
    packReturnRateBand: { minBp: e.PACK_RETURN_RATE_MIN * 100, maxBp: e.PACK_RETURN_RATE_MAX * 100 },
    drops: {
      joinsPerAddressPerMinute: e.DROP_JOINS_PER_ADDRESS_PER_MINUTE,
      statusPerAddressPerMinute: e.DROP_STATUS_PER_ADDRESS_PER_MINUTE,
      powMaxNumber: e.DROP_POW_MAX_NUMBER,
    },
    push: {
      publicKey: e.VAPID_PUBLIC_KEY ?? null,
      privateKey: e.VAPID_PRIVATE_KEY ?? null,
      subject: e.VAPID_SUBJECT,
      plainHttp: e.PUSH_PLAIN_HTTP === true,
    },
    mail: {
      from: e.MAIL_FROM,
      smtpUrl: e.SMTP_URL,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
    },
    operator: {
      name: e.OPERATOR_NAME,
      nameEn: e.OPERATOR_NAME_EN,
      representative: e.OPERATOR_REPRESENTATIVE,
      representativeEn: e.OPERATOR_REPRESENTATIVE_EN,
      address: e.OPERATOR_ADDRESS,
      addressEn: e.OPERATOR_ADDRESS_EN,
      phone: e.OPERATOR_PHONE,
      email: e.OPERATOR_EMAIL,
    },
    payments: paymentConfig(e, production, e.SANDBOX ?? !production),
    referral: {
      referrerPoint: e.REFERRAL_REFERRER_POINT,
      refereePoint: e.REFERRAL_REFEREE_POINT,
      monthlyCap: e.REFERRAL_MONTHLY_CAP,
    },
    partner: {
      // Only http partner sites use it; in production without it they are refused (no publicly known secret).
      sharedSecret: e.PARTNER_SHARED_SECRET ?? (production ? null : 'development-only-partner-shared-secret!!'),
    },
    messaging: messagingConfig(e),
    ageCaps: { under16: e.AGE_CAP_UNDER_16, age16to17: e.AGE_CAP_16_17 },
    sms: smsConfig(e, production),
    media: mediaConfig(e),
  };
  refuseUnsentMessages(e, production);
  return config;
}

/**
 * A production shop whose SMS or mail would only reach the outbox tells members a code or a mail was sent when
 * nothing arrives (issue 20): it refuses to start, naming the variable, unless ALLOW_UNSENT_MESSAGES=1 says it is
 * meant, or the shop is a staging one (SANDBOX=1), whose testers read the outbox.
 */
function refuseUnsentMessages(e: z.infer<typeof envSchema>, production: boolean) {
  if (!production || e.SANDBOX || e.ALLOW_UNSENT_MESSAGES) return;
  const unless = 'or set ALLOW_UNSENT_MESSAGES=1 to start without it on purpose';
  if (e.SMS_PROVIDER === 'sandbox') {
    throw new ConfigError(
      `Invalid configuration:\n  SMS_PROVIDER: sandbox only keeps SMS in the outbox; in production use twilio, ${unless}`,
    );
  }
  if (!e.SMTP_URL) {
    throw new ConfigError(`Invalid configuration:\n  SMTP_URL: required in production to deliver mails, ${unless}`);
  }
}

/** Where uploads are stored; S3 needs its bucket (credentials may also come from the SDK's own sources). */
function mediaConfig(e: z.infer<typeof envSchema>) {
  if (e.MEDIA_STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when MEDIA_STORAGE=s3');
  }
  return {
    storage: e.MEDIA_STORAGE,
    s3: {
      bucket: e.S3_BUCKET ?? '',
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT ?? null,
      accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      prefix: e.S3_PREFIX,
    },
  };
}

/** Payment gateway settings; a Stripe selection without its keys stops the start naming the missing variable. */
function paymentConfig(e: z.infer<typeof envSchema>, production: boolean, sandbox: boolean) {
  const fail = (name: string, why: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${name}: ${why}`);
  };
  if (e.PAYMENT_PROVIDER === 'sandbox' && production) {
    // The sandbox gateway's callbacks would credit points; in production it only runs on purpose (a staging shop),
    // and never with the publicly known development secret.
    if (!sandbox)
      fail('PAYMENT_PROVIDER', 'sandbox is not allowed with NODE_ENV=production (use stripe, or SANDBOX=1)');
    if (!e.PAYMENT_CALLBACK_SECRET) fail('PAYMENT_CALLBACK_SECRET', 'required for the sandbox gateway in production');
  }
  const routes = parsePaymentRoutes(e.PAYMENT_ROUTES, fail);
  const used = new Set([e.PAYMENT_PROVIDER, ...routes.values()]);
  if (used.has('stripe')) {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const) {
      if (!e[name]) throw new ConfigError(`Invalid configuration:\n  ${name}: required when PAYMENT_PROVIDER=stripe`);
    }
    if (production && e.STRIPE_API_BASE) fail('STRIPE_API_BASE', 'only for tests, not with NODE_ENV=production');
  }
  if (used.has('komoju')) {
    for (const name of ['KOMOJU_SECRET_KEY', 'KOMOJU_WEBHOOK_SECRET'] as const) {
      if (!e[name]) fail(name, 'required when PAYMENT_PROVIDER=komoju');
    }
    if (production && e.KOMOJU_API_BASE) fail('KOMOJU_API_BASE', 'only for tests, not with NODE_ENV=production');
  }
  return {
    provider: e.PAYMENT_PROVIDER,
    routes,
    methodMax: parseMethodMax(e.PAYMENT_METHOD_MAX, fail),
    stripeSecretKey: e.STRIPE_SECRET_KEY ?? '',
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
    stripeApiBase: e.STRIPE_API_BASE ?? null,
    komojuSecretKey: e.KOMOJU_SECRET_KEY ?? '',
    komojuWebhookSecret: e.KOMOJU_WEBHOOK_SECRET ?? '',
    komojuApiBase: e.KOMOJU_API_BASE ?? 'https://komoju.com',
    // Signs the sandbox provider's callbacks; like any webhook secret it is shared by provider and shop only.
    callbackSecret: e.PAYMENT_CALLBACK_SECRET ?? 'development-only-payment-callback-secret!!',
  };
}

/** PAYMENT_ROUTES: `provider=id,id;provider=id` → pay id → provider; an unknown provider or pay id stops the start. */
function parsePaymentRoutes(text: string, fail: (name: string, why: string) => never) {
  const routes = new Map<number, 'sandbox' | 'stripe' | 'komoju'>();
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [provider, ids = ''] = part.split('=', 2).map((p) => p.trim());
    if (provider !== 'sandbox' && provider !== 'stripe' && provider !== 'komoju')
      fail('PAYMENT_ROUTES', `unknown provider "${provider}" (sandbox, stripe or komoju)`);
    for (const id of ids.split(',').map((i) => i.trim())) {
      if (!(PAY_IDS as readonly number[]).includes(Number(id))) fail('PAYMENT_ROUTES', `unknown pay id "${id}"`);
      routes.set(Number(id), provider);
    }
  }
  return routes;
}

/** PAYMENT_METHOD_MAX: `id=yen;id=yen` over the defaults (core DEFAULT_METHOD_MAX_YEN). */
function parseMethodMax(text: string, fail: (name: string, why: string) => never) {
  const max = new Map<number, number>(Object.entries(DEFAULT_METHOD_MAX_YEN).map(([id, yen]) => [Number(id), yen!]));
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [id = '', yen = ''] = part.split('=', 2).map((p) => p.trim());
    if (!(PAY_IDS as readonly number[]).includes(Number(id))) fail('PAYMENT_METHOD_MAX', `unknown pay id "${id}"`);
    if (!/^\d{1,9}$/.test(yen) || Number(yen) < 1) fail('PAYMENT_METHOD_MAX', `"${yen}" is not a yen amount`);
    max.set(Number(id), Number(yen));
  }
  return max;
}

/** SMS gateway settings (services/programmes/sms/gateway.ts); twilio without its credentials stops the start. */
function smsConfig(e: z.infer<typeof envSchema>, production: boolean) {
  const fail = (name: string, why: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${name}: ${why}`);
  };
  if (e.SMS_PROVIDER === 'twilio') {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      if (!e[name]) fail(name, 'required when SMS_PROVIDER=twilio');
    }
    if (production && e.TWILIO_API_BASE) fail('TWILIO_API_BASE', 'only for tests, not with NODE_ENV=production');
  }
  return {
    provider: e.SMS_PROVIDER,
    twilioAccountSid: e.TWILIO_ACCOUNT_SID ?? '',
    twilioAuthToken: e.TWILIO_AUTH_TOKEN ?? '',
    twilioFrom: e.TWILIO_FROM ?? '',
    twilioApiBase: e.TWILIO_API_BASE ?? 'https://api.twilio.com',
  };
}

/** The messaging app of the daily draw (services/programmes/daily-draw/messaging); line without its channel stops. */
function messagingConfig(e: z.infer<typeof envSchema>) {
  if (e.MESSAGING_PROVIDER === 'line') {
    for (const name of ['LINE_CHANNEL_ID', 'LINE_CHANNEL_SECRET'] as const) {
      if (!e[name]) throw new ConfigError(`Invalid configuration:\n  ${name}: required when MESSAGING_PROVIDER=line`);
    }
  }
  return {
    provider: e.MESSAGING_PROVIDER,
    lineChannelId: e.LINE_CHANNEL_ID ?? '',
    lineChannelSecret: e.LINE_CHANNEL_SECRET ?? '',
  };
}
