import { autoConvertJob } from './auto-convert.ts';
import { closeIdleAccountsJob } from './close-idle-accounts.ts';
import { cancelUnpaidJob } from './cancel-unpaid.ts';
import { deliverMailJob } from './deliver-mail.ts';
import { expirePointsJob } from './expire-points.ts';
import { foldDailyFiguresJob } from './fold-daily-figures.ts';
import { notifyExpiringPointsJob } from './notify-expiring-points.ts';
import { notifySaleStartJob } from './notify-sale-start.ts';
import { deliverPushJob } from './deliver-push.ts';
import { notifyIdleAccountsJob } from './notify-idle-accounts.ts';
import { purgeAuthRecordsJob } from './purge-auth-records.ts';
import { purgeRejectedCallbacksJob } from './purge-rejected-callbacks.ts';
import { rankMonthEndJob } from './rank-month-end.ts';
import { releaseWithdrawnJob } from './release-withdrawn.ts';
import { reconcilePaymentsJob } from './reconcile-payments.ts';
import { reconcilePartnerTransfersJob } from './reconcile-partner-transfers.ts';
import { autoConvertExchangesJob } from './auto-convert-exchanges.ts';
import { mailStaffNoticesJob } from './mail-staff-notices.ts';
import type { Job } from './runner.ts';
import { watchStaffEventsJob } from './watch-staff-events.ts';

// Every background job; each feature appends its own (auto-conversion, point expiry, unpaid cancellation, …).
export const allJobs: Job[] = [
  autoConvertJob,
  expirePointsJob,
  cancelUnpaidJob,
  purgeAuthRecordsJob,
  purgeRejectedCallbacksJob,
  deliverMailJob,
  notifySaleStartJob,
  deliverPushJob,
  notifyExpiringPointsJob,
  reconcilePaymentsJob,
  reconcilePartnerTransfersJob,
  autoConvertExchangesJob,
  rankMonthEndJob,
  releaseWithdrawnJob,
  notifyIdleAccountsJob,
  closeIdleAccountsJob,
  foldDailyFiguresJob,
  // What staff are told (ADR 0046): states that wait become events; events become one digest mail per person.
  watchStaffEventsJob,
  mailStaffNoticesJob,
];
