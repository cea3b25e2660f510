/** The demo shop's member (apps/server's demo seed) and a signed-in session for tools that open member pages. */
export const DEMO_MEMBER = { mail: 'demo@kirakira-oripa.example', pass: 'demo1234' };

/**
 * Logs the demo member in the way the SPA does (a CSRF pair first, then the form post) and returns the session's
 * cookies, name to value, for a browser's cookie jar.
 */
export async function memberCookies(base: string): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const first = await fetch(`${base}/api/user/point`);
  keep(first);
  const { csrf } = (await first.json()) as { csrf: { csrf_name: string; csrf_value: string } };
  const form = new URLSearchParams({ ...csrf, json: JSON.stringify({ ...DEMO_MEMBER, save_cookie: '0' }) });
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { cookie: header(), origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  keep(login);
  const reply = (await login.json()) as { state: number };
  if (reply.state !== 200) throw new Error(`demo login failed: ${JSON.stringify(reply)}`);
  return jar;
}
