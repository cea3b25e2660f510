import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestShop, useShop } from '../test-shop.ts';
import { pngBytes, upload } from './catalogue-fixtures.ts';
import { staffClient } from './staff-fixtures.ts';

/** A small stand-in for an S3-compatible store (path-style PUT, GET, HEAD), keeping what it was sent. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      requests.push(
        `${req.method} ${path} ${req.headers.authorization?.startsWith('AWS4-HMAC-SHA256') ? 'signed' : ''}`,
      );
      if (req.method === 'PUT') {
        objects.set(path, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
        res.writeHead(200, { etag: '"x"' }).end();
        return;
      }
      const found = objects.get(path);
      if (!found) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
        return;
      }
      res.writeHead(200, { 'content-type': found.type, 'content-length': found.body.length });
      res.end(req.method === 'HEAD' ? undefined : found.body);
    });
  });
  return { server, objects, requests };
}

const s3 = fakeS3();
await new Promise<void>((r) => s3.server.listen(0, '127.0.0.1', r));
const port = (s3.server.address() as { port: number }).port;
afterAll(() => new Promise<void>((r) => s3.server.close(() => r())));

const t = useShop(async () => ({
  shop: await startTestShop({
    MEDIA_STORAGE: 's3',
    S3_BUCKET: 'shop-media',
    S3_REGION: 'auto',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
    S3_FORCE_PATH_STYLE: '1',
    S3_PREFIX: 'media/',
  }),
}));

describe('media storage in an S3-compatible bucket (MEDIA_STORAGE=s3)', () => {
  it('writes the variants to the bucket with signed requests and serves them back at /media', async () => {
    const op = await staffClient(t.shop, 'operator');
    const res = await upload(op, await pngBytes(700, 500, 99));
    expect(res.state, JSON.stringify(res)).toBe(200);
    const media = res.media as { variants: { url: string; format: string }[] };
    expect(s3.objects.size).toBe(4);
    for (const key of s3.objects.keys())
      expect(key).toMatch(/^\/shop-media\/media\/img\/[0-9a-f]{2}\/[0-9a-f]{24}-\d+\.(webp|avif)$/);
    expect(s3.requests.filter((r) => r.startsWith('PUT')).every((r) => r.endsWith('signed'))).toBe(true);
    for (const v of media.variants) {
      const file = await fetch(t.shop.baseUrl + v.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(`image/${v.format}`);
      const stored = [...s3.objects.entries()].find(([k]) => k.endsWith(v.url.replace('/media/', '')))![1];
      expect(Buffer.from(await file.arrayBuffer()).equals(stored.body)).toBe(true);
    }
    // A key the shop never wrote is a 404 from the bucket and from the shop.
    expect((await fetch(`${t.shop.baseUrl}/media/img/ab/abababababababababababab-480.webp`)).status).toBe(404);
  });

  it('refuses to start with MEDIA_STORAGE=s3 and no bucket', async () => {
    const { parseConfig } = await import('../../src/config.ts');
    expect(() => parseConfig({ MEDIA_STORAGE: 's3' })).toThrow(/S3_BUCKET: required when MEDIA_STORAGE=s3/);
  });
});
