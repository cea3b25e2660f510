import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * The configuration with a VAPID key pair: the configured one, or for a development/demo shop a pair generated once
 * into DATA_DIR/vapid.json (kept, because browsers' subscriptions are bound to the public key: a new pair on every
 * start would silently orphan them). Production without a pair keeps none, and notices go by mail only.
 */
export async function withVapidKeys(config: Config): Promise<Config> {
  if (config.push.publicKey && config.push.privateKey) return config;
  if (config.production) return config;
  const file = path.join(config.dataDir, 'vapid.json');
  let pair: KeyPair;
  try {
    pair = JSON.parse(await readFile(file, 'utf8')) as KeyPair;
  } catch {
    pair = webpush.generateVAPIDKeys();
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(pair), { mode: 0o600 });
  }
  return { ...config, push: { ...config.push, publicKey: pair.publicKey, privateKey: pair.privateKey } };
}
