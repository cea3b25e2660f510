import { ChangePasswordPage } from '../pages/account/ChangePasswordPage';
import { CompletePasswordReissuePage } from '../pages/account/CompletePasswordReissuePage';
import { CompleteUserRegisterPage } from '../pages/account/CompleteUserRegisterPage';
import { ConfirmUserRegisterPage } from '../pages/account/ConfirmUserRegisterPage';
import { LoginPage } from '../pages/account/LoginPage';
import { MyPage } from '../pages/account/MyPage';
import { PasswordReissuePage } from '../pages/account/PasswordReissuePage';
import { ResetPasswordPage } from '../pages/account/ResetPasswordPage';
import { UserRegisterPage } from '../pages/account/UserRegisterPage';
import { preparing } from '../pages/Preparing';
import type { RouteDef } from './route-def';

// Issue 2: accounts. SMS and point transfer are still placeholders.
export const accountRoutes: RouteDef[] = [
  { path: '/login', guard: 'public', page: LoginPage },
  { path: '/password-reissue', guard: 'public', page: PasswordReissuePage },
  { path: '/reset-password', guard: 'public', page: ResetPasswordPage },
  { path: '/complete-password-reissue', guard: 'public', page: CompletePasswordReissuePage },
  { path: '/user-register', guard: 'public', page: UserRegisterPage },
  { path: '/confirm-user-register', guard: 'public', page: ConfirmUserRegisterPage },
  { path: '/complete-user-register', guard: 'public', page: CompleteUserRegisterPage },
  { path: '/change-password', guard: 'member', page: ChangePasswordPage },
  { path: '/my-page', guard: 'member', page: MyPage },
  { path: '/sms', guard: 'member', page: preparing('sms') },
  { path: '/sms/success', guard: 'member', page: preparing('smsSuccess') },
  { path: '/sms/error', guard: 'member', page: preparing('smsError') },
  { path: '/transfer-point', guard: 'member', page: preparing('transferPoint') },
];
