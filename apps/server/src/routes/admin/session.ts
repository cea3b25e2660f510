import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ROLE_PERMISSIONS,
  staffLoginSchema,
  staffSetupSchema,
  totpCodeSchema,
  totpVerifySchema,
  type StaffMe,
} from '@oripa/core/admin';
import { parseInput } from '../../http/input.ts';
import type { AppContext } from '../../context.ts';
import { requireStaffSession, STAFF_COOKIE, STAFF_COOKIE_PATH } from '../../http/admin/staff-guard.ts';
import { rememberStaffLanguage } from '../../services/admin/staff-notices.ts';
import {
  acceptInvite,
  authenticateStaff,
  enableTotp,
  invitationFor,
  staffHasTotp,
  startTotpSetup,
  verifySecondFactor,
} from '../../services/admin/staff-auth.ts';
import {
  createStaffSession,
  endStaffSession,
  findStaffSession,
  STAFF_SESSION_HOURS,
  type StaffSession,
} from '../../services/admin/staff-sessions.ts';

const SESSION = { permission: 'staff.session' } as const;

async function startStaffSession(ctx: AppContext, reply: FastifyReply, staffId: number): Promise<void> {
  const sid = await createStaffSession(ctx, staffId);
  reply.setCookie(STAFF_COOKIE, sid, {
    path: STAFF_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.secureCookies,
    maxAge: STAFF_SESSION_HOURS * 3600,
  });
}

async function endStaffCookie(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sid = request.cookies[STAFF_COOKIE];
  if (sid) await endStaffSession(ctx, sid);
  reply.clearCookie(STAFF_COOKIE, { path: STAFF_COOKIE_PATH });
}

const me = (s: StaffSession): StaffMe => ({
  ...s.staff,
  stage: s.stage,
  totp_enabled: s.totpEnabled,
  permissions: [...ROLE_PERMISSIONS[s.staff.role]],
});

/**
 * Staff sign-in (issue 10): password, then the second factor (set up at the first sign-in). Every step is usable
 * without a permission ('staff.session'); everything else under /api/admin needs the full session.
 *   GET  /admin/session             who is signed in (and at which stage), or 401
 *   POST /admin/login {mail, pass}  password step
 *   GET  /admin/setup?token=        whether an invitation link is live
 *   POST /admin/setup {token, pass, confirmPass}  sets the password from an invitation, signs in
 *   POST /admin/totp/setup          a new secret: otpauth URI and QR code (first sign-in)
 *   POST /admin/totp/enable {code}  confirms it; answers the recovery codes once
 *   POST /admin/totp/verify {code | recovery_code}  the second factor of a later sign-in
 *   POST /admin/logout
 */
export const staffSessionRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const reload = async (sid: string | undefined) => (sid ? findStaffSession(ctx, sid) : null);

  app.get('/session', { config: SESSION }, async (request, reply) => {
    const session = requireStaffSession(request);
    return reply.ok({ staff: me(session) });
  });

  app.post('/login', { config: SESSION }, async (request, reply) => {
    const input = parseInput(staffLoginSchema, request.payload);
    const staffId = await authenticateStaff(ctx, input, request.ip);
    // The console's language becomes the language of this staff member's mails (ADR 0046).
    await rememberStaffLanguage(ctx, staffId, request.lang);
    await endStaffCookie(ctx, request, reply);
    await startStaffSession(ctx, reply, staffId);
    return reply.ok({ stage: 'password', totp_enabled: await staffHasTotp(ctx, staffId) });
  });

  app.get('/setup', { config: SESSION }, async (request, reply) => {
    const token = String((request.query as Record<string, unknown>).token ?? '');
    const invited = await invitationFor(ctx, token);
    return reply.ok({ valid: invited !== null, mail: invited?.mail ?? '', name: invited?.name ?? '' });
  });

  app.post('/setup', { config: SESSION }, async (request, reply) => {
    const input = parseInput(staffSetupSchema, request.payload);
    const staffId = await acceptInvite(ctx, input);
    await endStaffCookie(ctx, request, reply);
    await startStaffSession(ctx, reply, staffId);
    return reply.ok({ stage: 'password', totp_enabled: false });
  });

  app.post('/totp/setup', { config: SESSION }, async (request, reply) => {
    const session = requireStaffSession(request);
    return reply.ok(await startTotpSetup(ctx, session));
  });

  app.post('/totp/enable', { config: SESSION }, async (request, reply) => {
    const session = requireStaffSession(request);
    const { code } = parseInput(totpCodeSchema, request.payload);
    const recoveryCodes = await enableTotp(ctx, session, code, request.ip);
    const done = await reload(request.cookies[STAFF_COOKIE]);
    return reply.ok({ recovery_codes: recoveryCodes, staff: done ? me(done) : null });
  });

  app.post('/totp/verify', { config: SESSION }, async (request, reply) => {
    const session = requireStaffSession(request);
    const input = parseInput(totpVerifySchema, request.payload);
    await verifySecondFactor(ctx, session, input, request.ip);
    const done = await reload(request.cookies[STAFF_COOKIE]);
    return reply.ok({ staff: done ? me(done) : null });
  });

  app.post('/logout', { config: SESSION }, async (request, reply) => {
    await endStaffCookie(ctx, request, reply);
    return reply.ok();
  });
};
