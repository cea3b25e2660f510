import { SHOP_TIME_HEADER } from '@oripa/core';
import { noteShopTime } from '../lib/time/shop-time';

/**
 * The spec's API client (section 7): GET and form-encoded POST under /api, the CSRF pair replaced from every
 * reply, repeated POSTs ignored while one is in flight, state 9999 sends the user to the maintenance page,
 * and a network error is returned as the result instead of thrown.
 */
export interface CsrfPair {
  csrf_name: string;
  csrf_value: string;
}

export interface ApiReply {
  state: number;
  errors?: Record<string, string[]>;
  reason?: string;
  csrf?: CsrfPair;
  /** Set when the request never got a reply (offline, server down). */
  networkError?: true;
  [key: string]: unknown;
}

/** A reply carrying the contract shape T (@oripa/core contract/*); any field may be missing unless state is 200. */
export type Reply<T> = ApiReply & Partial<T>;

/** State 200: the server then sends the whole contract shape, so the reply narrows to it. */
export function isOk<T>(reply: Reply<T> | undefined): reply is ApiReply & T {
  return reply?.state === 200;
}

/** How a request reaches /api: the browser's fetch, or the server's own in-process call while it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);
/** The server's render (entry-server.tsx) answers the page's reads in-process, with the visitor's session. */
export const setApiTransport = (fn: ApiTransport) => {
  transport = fn;
};

let csrf: CsrfPair | null = null;
const inFlight = new Map<string, Promise<ApiReply>>();
let onMaintenance: () => void = () => {
  if (window.location.pathname !== '/maintenance') window.location.assign('/maintenance');
};

export const setMaintenanceHandler = (fn: () => void) => {
  onMaintenance = fn;
};
export const currentCsrf = () => csrf;

async function send(path: string, init: RequestInit): Promise<ApiReply> {
  let reply: ApiReply;
  try {
    const res = await transport(`/api${path}`, { credentials: 'same-origin', ...init });
    noteShopTime(res.headers.get(SHOP_TIME_HEADER));
    reply = (await res.json()) as ApiReply;
  } catch (error) {
    // The server's render refuses a read sent as a POST, and entry-server.tsx leaves such a read to the browser.
    if (!import.meta.env.SSR) console.error('api', path, error);
    return { state: 0, networkError: true, errors: { general: ['communication'] } };
  }
  noteReply(reply);
  return reply;
}

/** What every reply tells the client: its CSRF pair, and state 9999 (maintenance). */
export function noteReply(reply: ApiReply): void {
  if (reply.csrf) csrf = reply.csrf;
  if (reply.state === 9999) onMaintenance();
}

/** A listing's path: page 1 is the bare path, later pages add `/<page>`. */
export const pagePath = (base: string, page: number) => (page > 1 ? `${base}/${page}` : base);

export function apiGet<T extends ApiReply = ApiReply>(path: string): Promise<T> {
  return send(path, { method: 'GET' }) as Promise<T>;
}

/**
 * POSTs `params` as the `json` field; a second identical call while the first is in flight gets the same reply.
 * With `timeoutMs` a reply that takes longer is given up and answered as a network error.
 */
export function apiPost<T extends ApiReply = ApiReply>(
  path: string,
  params: Record<string, unknown> = {},
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<T> {
  const json = JSON.stringify(params);
  const key = `${path}\n${json}`;
  const pending = inFlight.get(key);
  if (pending) return pending as Promise<T>;
  const post = () => {
    const body = new URLSearchParams({ csrf_name: csrf?.csrf_name ?? '', csrf_value: csrf?.csrf_value ?? '', json });
    return send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    });
  };
  const run = (async () => {
    if (!csrf) await apiGet('/user/point');
    const reply = await post();
    // A refused pair means the session changed under us (another tab logged in or out, the pair aged out):
    // take a fresh pair once and repeat. The server changed nothing on a 403.
    if (reply.state === 403 && reply.reason === 'csrf') {
      await apiGet('/user/point');
      return post();
    }
    return reply;
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, run);
  return run as Promise<T>;
}

/** The first message of a field (the spec shows only the first), or undefined. */
export function firstError(reply: ApiReply | null | undefined, field: string): string | undefined {
  return reply?.errors?.[field]?.[0];
}

/**
 * POSTs a multipart form (a file upload of the console): the CSRF pair first, then `fields`. The server reads the
 * pair from the form as from any POST; the reply is the usual envelope.
 */
export async function apiUpload<T extends ApiReply = ApiReply>(path: string, fields: Record<string, Blob | string>) {
  if (!csrf) await apiGet('/user/point');
  const form = new FormData();
  form.set('csrf_name', csrf?.csrf_name ?? '');
  form.set('csrf_value', csrf?.csrf_value ?? '');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return send(path, { method: 'POST', body: form }) as Promise<T>;
}
