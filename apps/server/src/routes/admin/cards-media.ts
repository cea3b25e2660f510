import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { adminMsg } from '@oripa/core/admin';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { presentMedia } from '../../presenters/admin-catalogue.ts';
import { MAX_UPLOAD_BYTES, readMedia, storeUpload } from '../../services/admin/catalogue/images.ts';

/** The uploaded file of a multipart request, kept beside its (small) text fields. */
const uploads = new WeakMap<FastifyRequest, Buffer>();

const tooLarge = () =>
  AppError.validation('file', adminMsg('imageTooLarge', { max: MAX_UPLOAD_BYTES / 1024 / 1024 }), 'too_large');

/**
 * `POST /api/admin/media` (multipart/form-data: csrf_name, csrf_value, file) stores an image and answers its
 * web-ready variants (ADR 0015). The multipart body is parsed by this scope's content-type parser, BEFORE the
 * /api contract's CSRF check (a preValidation hook, which @fastify/multipart's own parsing would come after): the
 * text fields become the body the check reads, the file stays aside. A body over the limit is refused while it
 * streams (the rest is read and dropped), in the envelope, naming the field.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('multipart/form-data', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Read to the end either way (a reply sent mid-upload would reach the client as a reset connection); past the
    // limit nothing more is kept.
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size <= MAX_UPLOAD_BYTES + 64 * 1024) chunks.push(chunk as Buffer);
    }
    if (size > MAX_UPLOAD_BYTES + 64 * 1024) throw tooLarge();
    const type = String(request.headers['content-type']);
    let form: FormData;
    try {
      form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
    } catch {
      throw new AppError('validation', { json: ['badRequest'] }, 'bad_multipart');
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of form) {
      if (typeof value === 'string') fields[name] = value;
      else if (name === 'file') uploads.set(request, Buffer.from(await value.arrayBuffer()));
    }
    return fields;
  });

  app.post('/media', { config: { permission: 'catalogue.write' } }, async (request, reply) => {
    const media = await storeUpload(app.ctx, requireStaff(request), uploads.get(request) ?? null);
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
