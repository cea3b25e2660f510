import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SHOP_TIME_HEADER, STATE_OK } from '@oripa/core';
import { AppError } from '../app-error.ts';
import { verifyCsrf } from './csrf.ts';
import { refuseCrossSiteWrites } from './cross-site.ts';
import { sendEnvelope, translateFields } from './envelope.ts';
import { handleApiError } from './error-handler.ts';
import { requestLanguage } from './language.ts';
import { packInBody, packInPath, RefusalBox } from './refusal-box.ts';
import { loadSession, NO_SESSION, SESSION_COOKIE } from './session.ts';
import type { ShopLookups } from './shop-lookups.ts';
import { refuseNulBytes } from './string-inputs.ts';

/**
 * The /api contract shared by every route registered inside: session and language on every request,
 * maintenance answers 9999, POSTs carry csrf_name/csrf_value/json (form-encoded), replies are envelopes.
 * `maintenanceSwitch: false` (the staff console) keeps working while the shop's maintenance switch is on. `lookups`
 * answers who a session is and whether the switch is on (routes/shop-lookups.ts).
 */
export function apiPlugin(
  routes: FastifyPluginAsync[],
  lookups: ShopLookups,
  options: { maintenanceSwitch?: boolean } = {},
): FastifyPluginAsync {
  return async (api: FastifyInstance) => {
    const ctx = api.ctx;
    api.decorateRequest('session', null as never);
    api.decorateRequest('lang', 'ja');
    api.decorateRequest('payload', null as never);
    api.decorateReply('ok', function (this: import('fastify').FastifyReply, data = {}, state = STATE_OK) {
      return sendEnvelope(this.request, this, state, data);
    });

    const publicOrigin = new URL(ctx.config.publicUrl).origin;
    const refusals = new RefusalBox();
    const holdRepeated = (request: FastifyRequest, pack: string) => {
      if (refusals.holds(request.routeOptions.url, request.cookies[SESSION_COOKIE], pack, Date.now())) {
        throw new AppError('rate_limited', { general: ['dropTooManyRequests'] }, 'rate_limited');
      }
    };
    api.addHook('onRequest', async (request, reply) => {
      request.lang = requestLanguage(request);
      request.payload = {};
      // The shop's time, so the SPA's countdowns follow the shop clock (moved in a sandbox, ADR 0034) and not a
      // phone's clock that runs wrong.
      reply.header(SHOP_TIME_HEADER, String(ctx.clock.now().getTime()));
      refuseCrossSiteWrites(request, publicOrigin);
      // MAINTENANCE=1 answers before any query: maintenance is when the database may be down or being migrated.
      if (ctx.config.maintenance) throw new AppError('maintenance', { general: ['maintenance'] }, 'maintenance');
      // A drop's repeated refusal, before the session is read (refusal-box.ts), where the pack is in the path; the
      // routes naming it in their body are held once it is read (preValidation).
      const inPath = packInPath(request);
      if (inPath !== undefined) holdRepeated(request, inPath);
      request.session = await loadSession(ctx, request, reply, lookups.sessionMember);
      if (options.maintenanceSwitch !== false && (await lookups.maintenance(ctx)))
        throw new AppError('maintenance', { general: ['maintenance'] }, 'maintenance');
    });

    api.addHook('preValidation', async (request) => {
      refuseNulBytes(request.query, request.params);
      if (request.method !== 'POST') return;
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (!verifyCsrf(ctx.config.sessionSecret, request.session.sid, body.csrf_name, body.csrf_value)) {
        throw new AppError('csrf', { general: ['csrf'] }, 'csrf');
      }
      refuseNulBytes(body);
      const raw = body.json;
      if (raw === undefined || raw === '') return;
      if (typeof raw !== 'string') throw new AppError('validation', { json: ['badRequest'] }, 'bad_request');
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new AppError('validation', { json: ['badRequest'] }, 'bad_json');
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw new AppError('validation', { json: ['badRequest'] }, 'bad_json');
      }
      refuseNulBytes(parsed);
      request.payload = parsed as Record<string, unknown>;
      if (packInPath(request) === undefined) holdRepeated(request, packInBody(request));
    });

    api.setErrorHandler((error, request, reply) => {
      request.session ??= NO_SESSION;
      if (error instanceof AppError && request.session.memberId !== null) {
        const pack = packInPath(request) ?? packInBody(request);
        refusals.refused(request.routeOptions.url, request.session.sid, pack, error.reason, Date.now());
      }
      return handleApiError(error as Error, request, reply);
    });
    api.setNotFoundHandler((request, reply) => {
      request.session ??= NO_SESSION;
      // In the caller's language, like every other error reply.
      const errors = translateFields(request.lang, { general: ['notFound'] });
      return sendEnvelope(request, reply, 404, { errors, reason: 'unknown_path' });
    });

    for (const route of routes) await api.register(route);
  };
}
