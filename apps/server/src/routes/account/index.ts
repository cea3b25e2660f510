import type { FastifyPluginAsync } from 'fastify';
import { addressRoute } from './address.ts';
import { changePasswordRoute } from './change-password.ts';
import { detailRoute } from './detail.ts';
import { loginRoute } from './login.ts';
import { mailVerificationRoute } from './mail-verification.ts';
import { passwordResetRoute } from './password-reset.ts';
import { pointRoute } from './point.ts';
import { prefecturesRoute } from './prefectures.ts';
import { profileRoute } from './profile.ts';
import { registrationRoute } from './registration.ts';
import { tickerNameRoute } from './ticker-name.ts';
import { zipcodeRoute } from './zipcode.ts';

/** The account resources (issue 2): one plugin per resource, listed here so routes/index.ts needs one entry. */
export const accountRoutes: FastifyPluginAsync[] = [
  pointRoute,
  detailRoute,
  loginRoute,
  registrationRoute,
  mailVerificationRoute,
  passwordResetRoute,
  changePasswordRoute,
  profileRoute,
  prefecturesRoute,
  addressRoute,
  zipcodeRoute,
  tickerNameRoute,
];
