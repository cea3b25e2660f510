import type { StaffMe } from '@oripa/core/admin';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type Reply } from '../../api/client';

/** Staff sign-in calls (apps/server/src/routes/admin/session.ts). */
export const SESSION_KEY = ['admin', 'session'] as const;

export const fetchStaffSession = () => apiGet<Reply<{ staff: StaffMe }>>('/admin/session');

/** Reads the session again into the cache (after a sign-in step), so the next page does not see a stale answer. */
export const refreshStaffSession = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ queryKey: SESSION_KEY, queryFn: fetchStaffSession, staleTime: 0 });

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
