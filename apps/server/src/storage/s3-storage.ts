import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertStorageKey, contentTypeOf, type ObjectStorage } from './storage.ts';

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (R2, MinIO, …); absent for AWS itself. */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** Prepended to every key ('' or e.g. 'shop/'). */
  prefix: string;
}

const missing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
};

/**
 * Objects in an S3-compatible bucket through the official SDK (ADR 0015). Checksums only where the protocol
 * requires them: several S3-compatible stores refuse the SDK's newer default trailers.
 */
export function s3Storage(o: S3Options): ObjectStorage {
  const client = new S3Client({
    region: o.region,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    forcePathStyle: o.forcePathStyle,
    ...(o.accessKeyId && o.secretAccessKey
      ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const key = (k: string) => {
    assertStorageKey(k);
    return `${o.prefix}${k}`;
  };
  return {
    kind: 's3',
    async put(k, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: o.bucket,
          Key: key(k),
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(k) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: key(k) }));
        const bytes = await r.Body!.transformToByteArray();
        return { body: Buffer.from(bytes), contentType: r.ContentType ?? contentTypeOf(k) };
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async has(k) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: o.bucket, Key: key(k) }));
        return true;
      } catch (e) {
        if (missing(e)) return false;
        throw e;
      }
    },
  };
}
