import type { RouteDef } from './route-def';
import { lazyPage } from './lazy-page';

const ChangePasswordPage = lazyPage(() => import('../pages/account/ChangePasswordPage'), 'ChangePasswordPage');
const CompletePasswordReissuePage = lazyPage(
  () => import('../pages/account/CompletePasswordReissuePage'),
  'CompletePasswordReissuePage',
);
const CompleteUserRegisterPage = lazyPage(
  () => import('../pages/account/CompleteUserRegisterPage'),
  'CompleteUserRegisterPage',
);
const ConfirmUserRegisterPage = lazyPage(
  () => import('../pages/account/ConfirmUserRegisterPage'),
  'ConfirmUserRegisterPage',
);
const LoginPage = lazyPage(() => import('../pages/account/LoginPage'), 'LoginPage');
const MyPage = lazyPage(() => import('../pages/account/MyPage'), 'MyPage');
const NoticesOffPage = lazyPage(() => import('../pages/account/NoticesOffPage'), 'NoticesOffPage');
const PasswordReissuePage = lazyPage(() => import('../pages/account/PasswordReissuePage'), 'PasswordReissuePage');
const ResetPasswordPage = lazyPage(() => import('../pages/account/ResetPasswordPage'), 'ResetPasswordPage');
const UserRegisterPage = lazyPage(() => import('../pages/account/UserRegisterPage'), 'UserRegisterPage');

// Issue 2: accounts. SMS and point transfer are still placeholders.
export const accountRoutes: RouteDef[] = [
  { path: '/login', titleKey: 'login', guard: 'public', page: LoginPage },
  { path: '/password-reissue', titleKey: 'passwordReissue', guard: 'public', page: PasswordReissuePage },
  { path: '/reset-password', titleKey: 'resetPassword', guard: 'public', page: ResetPasswordPage },
  {
    path: '/complete-password-reissue',
    titleKey: 'completePasswordReissue',
    guard: 'public',
    page: CompletePasswordReissuePage,
  },
  { path: '/user-register', titleKey: 'userRegister', guard: 'public', page: UserRegisterPage },
  { path: '/confirm-user-register', titleKey: 'confirmUserRegister', guard: 'public', page: ConfirmUserRegisterPage },
  {
    path: '/complete-user-register',
    titleKey: 'completeUserRegister',
    guard: 'public',
    page: CompleteUserRegisterPage,
  },
  {
    path: '/verify-mail',
    titleKey: 'verifyMail',
    guard: 'public',
    page: lazyPage(() => import('../pages/account/VerifyMailPage'), 'VerifyMailPage'),
  },
  { path: '/change-password', titleKey: 'changePassword', guard: 'member', page: ChangePasswordPage },
  { path: '/my-page', titleKey: 'myPage', guard: 'member', page: MyPage },
  // The sale-start mail's stop link (issue 22 §4): public, its signed key is the permission.
  { path: '/notices/off', titleKey: 'noticesOff', guard: 'public', page: NoticesOffPage },
];
