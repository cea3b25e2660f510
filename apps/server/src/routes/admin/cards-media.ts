import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../app-error.ts';
import { adminMsg } from '@oripa/core/admin';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { acceptMultipart, uploadedFiles } from '../../http/multipart.ts';
import { presentMedia } from '../../presenters/admin-catalogue.ts';
import { MAX_UPLOAD_BYTES, readMedia, storeUpload } from '../../services/admin/catalogue/images.ts';

const tooLarge = () =>
  AppError.validation('file', adminMsg('imageTooLarge', { max: MAX_UPLOAD_BYTES / 1024 / 1024 }), 'too_large');

/**
 * `POST /api/admin/media` (multipart/form-data: csrf_name, csrf_value, file) stores an image and answers its
 * web-ready variants (ADR 0015). The multipart body is parsed by this scope's content-type parser
 * (http/multipart.ts), before the CSRF check; a body over the limit is refused while it streams, in the envelope,
 * naming the field.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  acceptMultipart(app, MAX_UPLOAD_BYTES + 64 * 1024, tooLarge);

  app.post('/media', { config: { permission: 'catalogue.write' } }, async (request, reply) => {
    const media = await storeUpload(
      app.ctx,
      requireStaff(request),
      uploadedFiles(request).findLast((f) => f.field === 'file')?.bytes ?? null,
    );
    return reply.ok({ media: presentMedia(media) });
  });
};

/**
 * `GET /media/<key>`: the stored variants, public (they are shown on the storefront). Keys are content-addressed,
 * so a reply may be cached for good; anything but a variant key the shop wrote is a plain 404.
 */
export const mediaFileRoutes: FastifyPluginAsync = async (app) => {
  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const found = await readMedia(app.ctx, key);
    if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type(found.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.body);
  });
};
