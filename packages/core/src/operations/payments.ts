import { z } from 'zod';
import { msg } from '../i18n/messages.ts';
import type { PaymentStatus } from '../contract/payments.ts';
import { PAY_ID } from '../contract/payments.ts';
import { listQuerySchema, reasonField } from '../admin/validation.ts';
import { idField } from '../validation/fields.ts';

/** Wire shapes and forms of /api/admin/payments (issue 10). */
export const PAYMENT_VIEW_KEYS = ['all', 'transfers', 'unpaid', 'failed'] as const;
export type PaymentViewKey = (typeof PAYMENT_VIEW_KEYS)[number];

export const PAYMENT_SORT_KEYS = ['created_at', 'amount'] as const;
export const paymentSearchSchema = listQuerySchema(PAYMENT_SORT_KEYS, 'created_at').extend({
  view: z.enum(PAYMENT_VIEW_KEYS, { error: 'invalid' }).default('all'),
  q: z
    .string({ error: 'notString' })
    .trim()
    .max(254, msg('tooLong', { max: 254 }))
    .default(''),
  pay_id: z
    .union(
      [
        z.literal(''),
        z.coerce
          .number()
          .int()
          .refine((v) => Object.values(PAY_ID).includes(v as never)),
      ],
      {
        error: 'invalid',
      },
    )
    .default(''),
});
export type PaymentSearchInput = z.infer<typeof paymentSearchSchema>;

/** Marking a transfer received: the amount on the bank statement, in yen (must equal the amount due). */
export const transferReceivedSchema = z.object({
  id: idField,
  amount: z.coerce.number({ error: 'invalid' }).int('invalid').min(1, 'invalid').max(10_000_000, 'invalid'),
  reason: z
    .string({ error: 'notString' })
    .trim()
    .max(500, msg('tooLong', { max: 500 }))
    .optional(),
});
export const transferRejectedSchema = z.object({ id: idField, reason: reasonField });

export interface AdminPayment {
  id: number;
  public_id: string;
  member_id: number;
  member_name: string;
  member_mail: string;
  pay_id: number;
  gateway: string;
  status: PaymentStatus;
  amount: number;
  point: number;
  holder_name: string;
  failure_reason: string | null;
  expires_at: string | null;
  credited_at: string | null;
  created_at: string;
}

export interface PaymentSearchReply {
  rows: AdminPayment[];
  total: number;
  page: number;
  per_page: number;
  counts: { transfers: number; unpaid: number; failed: number };
}
