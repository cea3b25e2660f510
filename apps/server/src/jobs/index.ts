import { autoConvertJob } from './auto-convert.ts';
import type { Job } from './runner.ts';

// Every background job; each feature appends its own (auto-conversion, point expiry, unpaid cancellation, …).
export const allJobs: Job[] = [autoConvertJob];
