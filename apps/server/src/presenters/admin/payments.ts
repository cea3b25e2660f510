import { formatTokyo, payGroupOf } from '@oripa/core';
import type { AdminPayment, AdminPaymentMethodsReply } from '@oripa/core/admin';
import type { AdminPaymentRow } from '../../db/queries/admin-payments.ts';
import type { MethodState } from '../../services/payments/method-switches.ts';
import { payStyleName } from '../payment-styles.ts';

const time = (d: Date | null) => (d ? formatTokyo(d) : null);

export function presentAdminPayment(r: AdminPaymentRow): AdminPayment {
  return {
    id: Number(r.id),
    public_id: r.public_id,
    member_id: Number(r.member_id),
    member_name: r.member_name,
    member_mail: r.member_mail,
    pay_id: r.pay_id,
    gateway: r.gateway,
    status: r.status,
    amount: Number(r.amount),
    point: Number(r.point),
    holder_name: r.holder_name,
    failure_reason: r.failure_reason,
    expires_at: time(r.expires_at),
    credited_at: time(r.credited_at),
    created_at: formatTokyo(r.created_at),
  };
}

/** The console's payment-method screen: names in both languages beside the provider and the switch. */
export function presentAdminPaymentMethods(states: MethodState[]): AdminPaymentMethodsReply {
  return {
    methods: states.map((m) => ({
      ...m,
      name_ja: payStyleName('ja', m.id),
      name_en: payStyleName('en', m.id),
      group: payGroupOf(m.id),
    })),
  };
}
