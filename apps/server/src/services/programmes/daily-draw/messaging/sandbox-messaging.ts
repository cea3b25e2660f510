import { createHash, randomBytes } from 'node:crypto';
import type { MessagingGateway } from './gateway.ts';

/** Links at once: the authorise address is the callback itself with a made-up code; each code is a new app user. */
export class SandboxMessagingGateway implements MessagingGateway {
  readonly provider = 'sandbox' as const;

  authorizeUrl(state: string, redirectUri: string): string {
    const url = new URL(redirectUri);
    url.searchParams.set('code', `sandbox-${randomBytes(12).toString('hex')}`);
    url.searchParams.set('state', state);
    return url.toString();
  }

  async userIdForCode(code: string): Promise<string | null> {
    if (!/^sandbox-[0-9a-f]{24}$/.test(code)) return null;
    return `Usandbox${createHash('sha256').update(code).digest('hex').slice(0, 25)}`;
  }
}
