import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, contentTypeOf, type ObjectStorage } from './storage.ts';

/**
 * Objects as files under a directory (DATA_DIR/media by default). A write goes to a temporary file first and is
 * renamed into place, so a reader never sees half a file.
 */
export function localStorage(root: string): ObjectStorage {
  const file = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, target);
    },
    async get(key) {
      try {
        return { body: await readFile(file(key)), contentType: contentTypeOf(key) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async probeWrite() {
      await mkdir(root, { recursive: true });
      const probe = path.join(root, `.readyz.${process.pid}.tmp`);
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
    },
    async has(key) {
      try {
        return (await stat(file(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
