import { createHash, randomBytes } from 'node:crypto';

/**
 * The one-time tokens the shop mails in links (password reissue, mail verification): 32 random bytes, and only
 * their SHA-256 is stored, so a leaked table cannot be used to act for anyone.
 */
export const newMailedToken = () => randomBytes(32).toString('base64url');

export const hashMailedToken = (token: string) => createHash('sha256').update(token).digest('hex');
