import { autoConvertJob } from './auto-convert.ts';
import { cancelUnpaidJob } from './cancel-unpaid.ts';
import { expirePointsJob } from './expire-points.ts';
import { purgeAuthRecordsJob } from './purge-auth-records.ts';
import type { Job } from './runner.ts';

// Every background job; each feature appends its own (auto-conversion, point expiry, unpaid cancellation, …).
export const allJobs: Job[] = [autoConvertJob, expirePointsJob, cancelUnpaidJob, purgeAuthRecordsJob];
