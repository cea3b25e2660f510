import path from 'node:path';
import type { Config } from '../config.ts';
import { localStorage } from './local-storage.ts';
import type { ObjectStorage } from './storage.ts';

export type { ObjectStorage, StoredObject } from './storage.ts';

/** Loads the S3 SDK on first use only: a shop storing files locally never pays for importing it. */
function lazyS3(options: Config['media']['s3']): ObjectStorage {
  let loaded: Promise<ObjectStorage> | null = null;
  const s3 = () => (loaded ??= import('./s3-storage.ts').then((m) => m.s3Storage(options)));
  return {
    kind: 's3',
    put: async (key, body, type) => (await s3()).put(key, body, type),
    get: async (key) => (await s3()).get(key),
    has: async (key) => (await s3()).has(key),
  };
}

/**
 * The shop's media storage for a configuration (MEDIA_STORAGE): files under DATA_DIR/media, or an S3-compatible
 * bucket (ADR 0015). Built once where the AppContext is (gateways.ts) and kept as ctx.media; nothing else in the
 * shop knows which.
 */
export function createMediaStorage(config: Config): ObjectStorage {
  return config.media.storage === 's3' ? lazyS3(config.media.s3) : localStorage(path.resolve(config.dataDir, 'media'));
}
