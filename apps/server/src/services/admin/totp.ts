import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * TOTP for staff sign-in (RFC 6238 as authenticator apps expect it: SHA1, 6 digits, 30 s; otplib). Secrets are
 * stored sealed (AES-256-GCM under a key derived from SESSION_SECRET), so a copy of the database alone cannot mint
 * codes. A code is accepted for the current step and one step either side (clock drift), and each step only
 * once per staff member (staff.totp_last_step).
 */
export const TOTP_PERIOD = 30;
export const TOTP_ISSUER = 'Oripa Console';

const keyOf = (secret: string) => createHmac('sha256', secret).update('staff-totp-seal').digest();

export function sealSecret(serverSecret: string, totpSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const body = Buffer.concat([cipher.update(totpSecret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

export function openSecret(serverSecret: string, sealed: string): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !body) throw new Error('bad sealed TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export const newTotpSecret = () => generateSecret();

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUri = (mail: string, secret: string) =>
  generateURI({ issuer: TOTP_ISSUER, label: mail, secret, algorithm: 'sha1', digits: 6, period: TOTP_PERIOD });

/** The QR code of `uri` as an SVG text (shown as an image; no network, no script). */
export const qrSvg = (uri: string) => QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** The code for `now` (tests and the development helper). */
export const totpCode = (secret: string, now: Date) => generate({ secret, epoch: Math.floor(now.getTime() / 1000) });

/** The time step a valid code belongs to, or null when the code is not valid around `now`. */
export async function verifyTotp(secret: string, code: string, now: Date): Promise<number | null> {
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOTP_PERIOD });
  return result.valid ? Math.floor(epoch / TOTP_PERIOD) + result.delta : null;
}

/** Ten recovery codes, xxxxx-xxxxx from an alphabet without look-alikes, and the hashes stored for them. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCodes(count = 10): { codes: string[]; hashes: string[] } {
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    codes.push(`${chars.slice(0, 5)}-${chars.slice(5)}`);
  }
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** Recovery codes carry 50 bits of randomness, so a plain SHA-256 suffices (nothing to brute-force offline). */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.trim().toLowerCase().replace('-', '')).digest('hex');
