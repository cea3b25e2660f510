import { z } from 'zod';
import { PAY_IDS, type PayGroup, type PayId } from '../contract/payments.ts';

/**
 * The console's payment-method screen (issue 23): each method of the pay list with the provider that serves it
 * (configuration) and the staff's on/off switch. A method switched off is not listed to members and refused by
 * point/buy.
 */
export interface AdminPaymentMethod {
  id: PayId;
  name_ja: string;
  name_en: string;
  group: PayGroup;
  /** The provider configured for it ('sandbox', 'stripe', 'komoju'), or '' when no configured provider carries it. */
  provider: string;
  /** The staff's switch. */
  enabled: boolean;
  /** Offered to members now: switched on and carried by its provider. */
  offered: boolean;
}
export interface AdminPaymentMethodsReply {
  methods: AdminPaymentMethod[];
}

export const paymentMethodSwitchSchema = z.object({
  pay_id: z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .refine((v): v is PayId => (PAY_IDS as readonly number[]).includes(v), 'invalid'),
  enabled: z.union([z.boolean(), z.enum(['0', '1']).transform((v) => v === '1')], { error: 'invalid' }),
});
export type PaymentMethodSwitchInput = z.infer<typeof paymentMethodSwitchSchema>;
