import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app-error.ts';

/** A file of a multipart request: the form field it came in, its file name as the browser sent it, its bytes. */
export interface UploadedFile {
  field: string;
  name: string;
  bytes: Buffer;
}

const uploads = new WeakMap<FastifyRequest, UploadedFile[]>();

/** The files of a multipart request parsed by acceptMultipart (none for any other request). */
export const uploadedFiles = (request: FastifyRequest): UploadedFile[] => uploads.get(request) ?? [];

/**
 * Parses multipart/form-data bodies of the calling plugin's scope (ADR 0015): the text fields become the body the
 * /api contract's CSRF check reads (a content-type parser runs before preValidation, which @fastify/multipart's own
 * parsing would come after), the files stay aside for uploadedFiles. A body over `maxBytes` is refused while it
 * streams, by `tooLarge()`: the rest is read and dropped (a reply sent mid-upload would reach the client as a reset
 * connection), nothing past the limit is kept.
 */
export function acceptMultipart(app: FastifyInstance, maxBytes: number, tooLarge: () => Error): void {
  app.addContentTypeParser('multipart/form-data', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size <= maxBytes) chunks.push(chunk as Buffer);
    }
    if (size > maxBytes) throw tooLarge();
    const type = String(request.headers['content-type']);
    let form: FormData;
    try {
      form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
    } catch {
      throw new AppError('validation', { json: ['badRequest'] }, 'bad_multipart');
    }
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    for (const [field, value] of form) {
      if (typeof value === 'string') fields[field] = value;
      else files.push({ field, name: value.name, bytes: Buffer.from(await value.arrayBuffer()) });
    }
    uploads.set(request, files);
    return fields;
  });
}
