import { AppError } from '../app-error.ts';

/**
 * The refusal a suspended member gets (issue 10: support suspends a member from the console): at login (on the
 * mail field, after the right password) and at a purchase check. Suspending also ends every session of the member
 * (services/admin/members.ts), so no session outlives it for more than the session cache's 2 s.
 */
export const memberSuspended = (field = 'mail') =>
  new AppError('validation', { [field]: ['memberSuspended'] }, 'member_suspended');
