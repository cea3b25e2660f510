import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LineMessagingGateway } from '../../src/services/programmes/daily-draw/messaging/line-messaging.ts';

/** LINE's token, profile and friendship endpoints as documented (developers.line.biz), answering recorded shapes. */
let server: Server;
let api = '';
const seen: { path: string; body: string; auth: string }[] = [];
let friend = true;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', body, auth: String(req.headers.authorization ?? '') });
      const send = (status: number, json: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.url === '/oauth2/v2.1/token') {
        const form = new URLSearchParams(body);
        if (form.get('code') !== 'good-code' || form.get('client_secret') !== 'channel-secret-0123456789') {
          return send(400, { error: 'invalid_grant', error_description: 'invalid authorization code' });
        }
        return send(200, {
          access_token: 'at-1',
          expires_in: 2592000,
          id_token: 'x.y.z',
          scope: 'profile openid',
          token_type: 'Bearer',
        });
      }
      if (req.url === '/v2/profile')
        return send(200, { userId: 'U4af4980629abcdef0123456789abcdef', displayName: 'Taro' });
      if (req.url === '/friendship/v1/status') return send(200, { friendFlag: friend });
      send(404, {});
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  api = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('LINE Login adapter of the daily draw', () => {
  const redirect = 'https://shop.example/daily-draw';

  it('sends the member to LINE with the channel, state and the friend prompt', () => {
    const gw = new LineMessagingGateway('1234567890', 'channel-secret-0123456789', api);
    const url = new URL(gw.authorizeUrl('st.1', redirect));
    expect(url.origin + url.pathname).toBe('https://access.line.me/oauth2/v2.1/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: '1234567890',
      redirect_uri: redirect,
      state: 'st.1',
      bot_prompt: 'aggressive',
    });
  });

  it('exchanges the code, reads the user id, and requires the official account as a friend', async () => {
    const gw = new LineMessagingGateway('1234567890', 'channel-secret-0123456789', api);
    expect(await gw.userIdForCode('good-code', redirect)).toBe('U4af4980629abcdef0123456789abcdef');
    const token = seen.find((s) => s.path === '/oauth2/v2.1/token')!;
    expect(Object.fromEntries(new URLSearchParams(token.body))).toMatchObject({
      grant_type: 'authorization_code',
      code: 'good-code',
      redirect_uri: redirect,
      client_id: '1234567890',
    });
    expect(seen.find((s) => s.path === '/v2/profile')!.auth).toBe('Bearer at-1');
    friend = false;
    expect(await gw.userIdForCode('good-code', redirect)).toBeNull();
    friend = true;
    expect(await gw.userIdForCode('bad-code', redirect)).toBeNull();
  });
});
