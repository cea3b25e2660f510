import type { FastifyPluginAsync } from 'fastify';
import { listPacks } from '../../services/packs/pack-catalog.ts';
import { absoluteUrl, escapeHtml } from './page-meta.ts';

/**
 * Pages a crawler has no business in: the API, the payment sandbox, and every member or mid-transaction page of
 * the SPA (apps/web/src/routes, guard 'member', plus the registration and payment steps), except /my-page, which
 * the server itself sends guests away from (web-pages.ts, `members`). A rule is a prefix, so
 * /sms also covers /sms/success and /buy-product also covers its history pages.
 */
const DISALLOWED = [
  '/api/',
  '/sandbox/',
  '/change-password',
  '/sms',
  '/transfer-point',
  '/exchange-card',
  '/daily-draw',
  '/sns-campaign',
  '/fund-settlement',
  '/point-terms-of-service',
  '/buy-product',
  '/confirm-',
  '/gacha-animation',
  '/get-card-list',
  '/thank-you',
  '/buy-point',
  '/bank-transfer-information',
  '/payge-transfer-information',
  '/pay-redirect',
  '/complete-',
  '/error-carrier',
  '/amazon-pay-redirect',
  '/coin-history',
  '/card-input',
  '/reset-password',
  '/verify-mail',
  '/notices/off',
  '/maintenance',
];

/** The public documents worth finding (their aliases /terms, /policy and /notation are left out). */
const LEGAL_PAGES = ['/specific-commerce', '/terms-of-service', '/privacy-protection', '/user-guide'];

/** robots.txt and sitemap.xml (issue 13, section 3); before, both paths answered with the SPA's HTML. */
export const crawlerFiles: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${absoluteUrl(ctx, '/sitemap.xml')}`,
      '',
    ];
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const now = ctx.clock.now();
    const onSale = (await listPacks(ctx)).filter(
      (l) =>
        l.remaining > 0 &&
        (!l.pack.closed_at || l.pack.closed_at.getTime() > now.getTime()) &&
        l.pack.start_date.getTime() <= now.getTime(),
    );
    const paths = ['/', ...onSale.map((l) => `/pack-detail?packId=${l.pack.id}`), ...LEGAL_PAGES];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...paths.map((p) => `  <url><loc>${escapeHtml(absoluteUrl(ctx, p))}</loc></url>`),
      '</urlset>',
      '',
    ];
    // Short: a pack that sells out should leave the list soon.
    reply.header('cache-control', 'public, max-age=300');
    return reply.type('application/xml; charset=utf-8').send(xml.join('\n'));
  });
};
