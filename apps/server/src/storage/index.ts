import path from 'node:path';
import type { Config } from '../config.ts';
import { localStorage } from './local-storage.ts';
import type { ObjectStorage } from './storage.ts';

export type { ObjectStorage, StoredObject } from './storage.ts';

const made = new WeakMap<Config, ObjectStorage>();

/**
 * The shop's media storage for a configuration: files under DATA_DIR/media. An S3-compatible store plugs in here
 * as another ObjectStorage (ADR 0015 says how); nothing else changes.
 */
export function mediaStorage(config: Config): ObjectStorage {
  let storage = made.get(config);
  if (!storage) {
    storage = localStorage(path.resolve(config.dataDir, 'media'));
    made.set(config, storage);
  }
  return storage;
}
