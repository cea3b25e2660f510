import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CurrentUser,
  type RegistrationInput,
  type UserDetail,
  type UserDetailReply,
  type ZipcodeLookupReply,
} from '@oripa/core';
import { apiGet, apiPost, type Reply } from './client';

/**
 * Calls and query hooks of the account area (spec section 7; shapes in @oripa/core contract/user.ts and
 * contract/address.ts): the session, registration, passwords, profile and shipping address.
 */
export type CurrentUserReply = Reply<CurrentUser>;
type DetailReply = Reply<UserDetailReply>;
export const CURRENT_USER_KEY = ['currentUser'] as const;
export const USER_DETAIL_KEY = ['userDetail'] as const;

/** The point call: who is logged in, balances and rank. Also refreshes the stored CSRF pair. */
export const getCurrentUser = () => apiGet<CurrentUserReply>('/user/point');

export function useCurrentUser() {
  return useQuery({ queryKey: CURRENT_USER_KEY, queryFn: getCurrentUser, staleTime: 10_000 });
}

export const isLoggedIn = (u: CurrentUserReply | undefined) => u?.state === 200 && u.is_login === '1';

export function useRefreshCurrentUser() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}

/** The member's profile and shipping address. Invalidate USER_DETAIL_KEY after a change. */
export function useUserDetail(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: USER_DETAIL_KEY,
    queryFn: () => apiGet<DetailReply>('/user/detail'),
    staleTime: 30_000,
    enabled: options.enabled ?? true,
  });
}

/** True when the detail holds a usable shipping address (core's rule, which the server's My Page uses too). */
export { hasAddress } from '@oripa/core';

export const login = (mail: string, pass: string, saveCookie: boolean) =>
  apiPost('/user/login', { mail, pass, save_cookie: saveCookie ? '1' : '0' });

export const logout = () => apiGet('/user/logout');

/** Registration step 1: the server validates the form (nothing is stored). */
export const confirmRegistration = (input: RegistrationInput) => apiPost('/user/confirm', { ...input });

/** Registration step 2: creates the account and logs in. */
export const register = (input: RegistrationInput) => apiPost('/user/append', { ...input });

export const changeProfile = (input: Pick<UserDetail, 'lastName' | 'middleName' | 'firstName' | 'tel'>) =>
  apiPost('/user/change', { ...input });

export const changePassword = (pass: string, confirmPass: string) =>
  apiPost('/user/change_password', { pass, confirmPass });

/** Asks for a reset mail; the reply is the same whether or not the address is registered. */
export const requestPasswordReset = (mail: string) => apiPost('/user/reset_password', { mail });

export const completePasswordReset = (token: string, pass: string, confirmPass: string) =>
  apiPost('/user/reset_password/complete', { token, pass, confirmPass });

/** Whether the reset link's token is still valid; asked once per visit, never retried. */
export function useResetTokenCheck(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['resetPasswordToken', token],
    queryFn: () => apiGet(`/user/reset_password/check/${encodeURIComponent(token)}`),
    enabled,
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
}

export interface AddressFields {
  zipcode: string;
  pref_id: number;
  shiku: string;
  address: string;
  building: string;
}

/** Saves the shipping address; the reply carries the updated detail. */
export const saveAddress = (address: AddressFields) => apiPost<DetailReply>('/user/append_address', { ...address });

/** The first item of the reply's list is the match; the list is empty when the code is unknown. */
export const lookupZipcode = (zipcode: string) => apiPost<Reply<ZipcodeLookupReply>>('/address/zipcode', { zipcode });

/** Confirms the mail address with the token of the verification mail's link (no login needed: the token is proof). */
export const verifyMail = (token: string) => apiPost<Reply<{ mail_verified: boolean }>>('/user/mail/verify', { token });

/** Mails the logged-in member a fresh verification link (limited per hour by the server). */
export const resendMailVerification = () => apiPost('/user/mail/verify/send');
