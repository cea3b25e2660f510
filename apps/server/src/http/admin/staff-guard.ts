import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { can, isPermission, type Permission } from '@oripa/core/admin';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import type { StaffIdentity, StaffSession } from '../../services/admin/staff-sessions.ts';
import type { ShopLookups } from '../shop-lookups.ts';

/**
 * The guard of every /api/admin route (issue 10). Each route declares `config: { permission }`: a Permission of
 * core's table, or 'staff.session' for the sign-in steps usable without one. A route without it makes the start
 * fail (onRoute). On each request: no full staff session (password AND second factor done) → 401; a role without
 * the permission → 403; otherwise request.staff is who acts. Nothing runs before this check but the /api
 * contract's own onRequest (session, language, cross-site refusal).
 */
export type AdminRoutePermission = Permission | 'staff.session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api/admin route (http/admin/staff-guard.ts). */
    permission?: AdminRoutePermission;
  }
  interface FastifyRequest {
    /** The staff member of a fully signed-in admin request (null on 'staff.session' routes without one). */
    staff: StaffIdentity | null;
    /** The staff session in any stage (the sign-in steps read it), or null. */
    staffSession: StaffSession | null;
  }
}

/**
 * The staff session cookie: only sent to /api/admin, strict same-site, for at most STAFF_SESSION_HOURS (set and
 * cleared by routes/admin/session.ts).
 */
export const STAFF_COOKIE = 'staff_sid';
export const STAFF_COOKIE_PATH = '/api/admin';

/** Every admin route registered on an app, by its context: the permission test walks this list. */
export interface AdminRouteInfo {
  method: string;
  url: string;
  permission: AdminRoutePermission;
}
const routeTables = new WeakMap<AppContext, AdminRouteInfo[]>();
export const adminRouteTable = (ctx: AppContext): readonly AdminRouteInfo[] => routeTables.get(ctx) ?? [];

function checkRoute(ctx: AppContext, route: RouteOptions) {
  const permission = route.config?.permission;
  const methods = [route.method].flat();
  if (permission !== 'staff.session' && !isPermission(permission)) {
    throw new Error(
      `Admin route ${methods.join(',')} ${route.url} has no valid config.permission (got ${String(permission)})`,
    );
  }
  const table = routeTables.get(ctx) ?? [];
  routeTables.set(ctx, table);
  for (const method of methods) if (method !== 'HEAD') table.push({ method, url: route.url, permission });
}

const staffLoginRequired = () => new AppError('unauthorized', { general: ['staffLoginRequired'] }, 'staff_login');
const secondFactorRequired = () => new AppError('unauthorized', { general: ['staffTotpRequired'] }, 'staff_totp');
const forbidden = () => new AppError('forbidden', { general: ['staffForbidden'] }, 'forbidden');

/** Installs the guard on the admin plugin; call before registering any admin route. */
export function installStaffGuard(admin: FastifyInstance, staffSession: ShopLookups['staffSession']): void {
  const ctx = admin.ctx;
  admin.decorateRequest('staff', null);
  admin.decorateRequest('staffSession', null);
  admin.addHook('onRoute', (route) => checkRoute(ctx, route));
  admin.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    const sid = request.cookies[STAFF_COOKIE];
    const session = sid ? await staffSession(ctx, sid) : null;
    request.staffSession = session;
    request.staff = session?.stage === 'full' ? session.staff : null;
    if (permission === 'staff.session') return;
    // Unmatched paths (the 404 handler) carry no permission and fall through to the not-found envelope.
    if (permission === undefined) return;
    if (!session) throw staffLoginRequired();
    if (session.stage !== 'full') throw secondFactorRequired();
    if (!can(session.staff.role, permission)) throw forbidden();
  });
}

/** The acting staff member of a guarded route (the guard has checked it is there). */
export function requireStaff(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw staffLoginRequired();
  return request.staff;
}

/** The session of a sign-in step, or 401. */
export function requireStaffSession(request: FastifyRequest): StaffSession {
  if (!request.staffSession) throw staffLoginRequired();
  return request.staffSession;
}
