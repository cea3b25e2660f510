import { preparing } from '../pages/Preparing';
import type { RouteDef } from './route-def';

// Issue 2: accounts. Pages replace these placeholders as they are built.
export const accountRoutes: RouteDef[] = [
  { path: '/login', guard: 'public', page: preparing('login') },
  { path: '/password-reissue', guard: 'public', page: preparing('passwordReissue') },
  { path: '/reset-password', guard: 'public', page: preparing('resetPassword') },
  { path: '/complete-password-reissue', guard: 'public', page: preparing('completePasswordReissue') },
  { path: '/user-register', guard: 'public', page: preparing('userRegister') },
  { path: '/confirm-user-register', guard: 'public', page: preparing('confirmUserRegister') },
  { path: '/complete-user-register', guard: 'public', page: preparing('completeUserRegister') },
  { path: '/change-password', guard: 'member', page: preparing('changePassword') },
  { path: '/my-page', guard: 'member', page: preparing('myPage') },
  { path: '/sms', guard: 'member', page: preparing('sms') },
  { path: '/sms/success', guard: 'member', page: preparing('smsSuccess') },
  { path: '/sms/error', guard: 'member', page: preparing('smsError') },
  { path: '/transfer-point', guard: 'member', page: preparing('transferPoint') },
];
