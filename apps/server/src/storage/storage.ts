/**
 * The one place uploaded files live (ADR 0015). Services store and read objects by key through this interface and
 * never touch a path or a bucket themselves, so the shop can keep its files under DATA_DIR (the default, one
 * machine) or in an S3-compatible object store (several instances): an adapter implements these three calls.
 */
export interface ObjectStorage {
  /** 'local' or the name of the remote store, for logs and the start banner. */
  readonly kind: string;
  /** Stores an object (replacing one of the same key). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Whether an object exists. */
  has(key: string): Promise<boolean>;
  /**
   * Throws when a write could not be stored now (a full or read-only disk), for /readyz. Remote stores leave it
   * out: a probe would cost a request per check, and their failures show on the upload itself.
   */
  probeWrite?(): Promise<void>;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/** Keys are lower-case paths of safe characters ('img/3f/3fa9c0…-960.webp'): never a '..', never absolute. */
const KEY = /^(?!.*\.\.)[a-z0-9][a-z0-9/._-]{0,200}$/;
export const isStorageKey = (key: string) => KEY.test(key);

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}

/** The content type of a stored variant from its name (only the formats the shop writes). */
export function contentTypeOf(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.avif')) return 'image/avif';
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.jpg')) return 'image/jpeg';
  return 'application/octet-stream';
}
