import type { MessagingGateway } from './gateway.ts';

const AUTHORIZE = 'https://access.line.me/oauth2/v2.1/authorize';
const API = 'https://api.line.me';

/**
 * LINE Login v2.1 (developers.line.biz/en/reference/line-login/): authorisation-code flow with the profile scope;
 * bot_prompt=aggressive offers to add the shop's official account as a friend, and the friendship status call
 * tells whether the member did, which the daily draw requires.
 */
export class LineMessagingGateway implements MessagingGateway {
  readonly provider = 'line' as const;

  constructor(
    private readonly channelId: string,
    private readonly channelSecret: string,
    private readonly api = API,
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const url = new URL(AUTHORIZE);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.channelId,
      redirect_uri: redirectUri,
      state,
      scope: 'profile openid',
      bot_prompt: 'aggressive',
    }).toString();
    return url.toString();
  }

  async userIdForCode(code: string, redirectUri: string): Promise<string | null> {
    const token = await fetch(`${this.api}/oauth2/v2.1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: this.channelId,
        client_secret: this.channelSecret,
      }),
      signal: AbortSignal.timeout(5000),
    });
    if (!token.ok) return null;
    const { access_token } = (await token.json()) as { access_token?: string };
    if (!access_token) return null;
    const auth = { authorization: `Bearer ${access_token}` };
    const [profile, friendship] = await Promise.all([
      fetch(`${this.api}/v2/profile`, { headers: auth, signal: AbortSignal.timeout(5000) }),
      fetch(`${this.api}/friendship/v1/status`, { headers: auth, signal: AbortSignal.timeout(5000) }),
    ]);
    if (!profile.ok || !friendship.ok) return null;
    const { userId } = (await profile.json()) as { userId?: string };
    const { friendFlag } = (await friendship.json()) as { friendFlag?: boolean };
    return userId && friendFlag ? userId : null;
  }
}
