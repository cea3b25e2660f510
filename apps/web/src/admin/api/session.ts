import type { StaffMe } from '@oripa/core/admin';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, type Reply } from '../../api/client';

/** Staff sign-in calls (apps/server/src/routes/admin/session.ts). */
export const SESSION_KEY = ['admin', 'session'] as const;

export const fetchStaffSession = () => apiGet<Reply<{ staff: StaffMe }>>('/admin/session');

/** Who is signed in (any stage); state 401 when no one. */
export const useStaffSession = () => useQuery({ queryKey: SESSION_KEY, queryFn: fetchStaffSession, staleTime: 30_000 });

export const staffLogin = (mail: string, pass: string) =>
  apiPost<Reply<{ stage: 'password'; totp_enabled: boolean }>>('/admin/login', { mail, pass });

export const staffLogout = () => apiPost('/admin/logout');

export const checkInvite = (token: string) =>
  apiGet<Reply<{ valid: boolean; mail: string; name: string }>>(`/admin/setup?token=${encodeURIComponent(token)}`);

export const acceptInvite = (token: string, pass: string, confirmPass: string) =>
  apiPost('/admin/setup', { token, pass, confirmPass });

export const startTotpSetup = () =>
  apiPost<Reply<{ secret: string; uri: string; qr_svg: string }>>('/admin/totp/setup');

export const enableTotp = (code: string) =>
  apiPost<Reply<{ recovery_codes: string[]; staff: StaffMe }>>('/admin/totp/enable', { code });

export const verifyTotp = (input: { code: string } | { recovery_code: string }) =>
  apiPost<Reply<{ staff: StaffMe }>>('/admin/totp/verify', input);
