import type { AdminPaymentMethod } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../../api/client';
import { fetchPaymentMethods, switchPaymentMethod } from '../../api/payments';

const KEY = ['admin', 'payment-methods'] as const;

/**
 * /admin/payments/methods (owner, payments.methods; issue 23): every payment method with its group, the provider
 * configured to serve it, and the switch that shows it to members or stops it. Each switch is one audited write.
 */
export function PaymentMethodsPage() {
  const { t, i18n } = useTranslation('admin-payments');
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: fetchPaymentMethods });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const methods = isOk(q.data) ? q.data.methods : [];
  const nameOf = (m: AdminPaymentMethod) => (i18n.language === 'en' ? m.name_en : m.name_ja);

  const flip = async (m: AdminPaymentMethod) => {
    const reply = await switchPaymentMethod(m.id, !m.enabled);
    if (isOk(reply)) {
      queryClient.setQueryData(KEY, reply);
      const state = !m.enabled ? t('methods.offered') : t('methods.off');
      setResult({ ok: true, text: t('methods.saved', { name: nameOf(m), state }) });
    } else setResult({ ok: false, text: Object.values(reply.errors ?? {}).flat()[0] ?? '' });
  };

  return (
    <>
      <h1>{t('methods.title')}</h1>
      <p className="a-hint">{t('methods.hint')}</p>
      {result ? (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'a-notice' : 'a-alert'}>
          {result.text}
        </p>
      ) : null}
      <section className="a-card a-scroll-x">
        <table className="a-plain">
          <thead>
            <tr>
              <th scope="col">{t('methods.method')}</th>
              <th scope="col" className="a-wide-only">
                {t('methods.group')}
              </th>
              <th scope="col">{t('methods.provider')}</th>
              <th scope="col">{t('methods.state')}</th>
              <th scope="col">{t('methods.action')}</th>
            </tr>
          </thead>
          <tbody>
            {methods.map((m) => (
              <tr key={m.id} data-pay-id={m.id}>
                <th scope="row" className="a-wrap">
                  {nameOf(m)}
                </th>
                <td className="a-nowrap a-wide-only">{t(`methods.groups.${m.group}`)}</td>
                <td className="a-nowrap">
                  {m.provider ? t(`methods.providers.${m.provider}`) : t('methods.notCarried')}
                </td>
                <td className="a-nowrap a-keep">
                  <span className="a-badge" data-tone={m.offered ? 'ok' : 'danger'}>
                    {m.offered ? t('methods.offered') : t('methods.off')}
                  </span>
                </td>
                <td className="a-nowrap a-keep">
                  <button type="button" className={m.enabled ? 'a-danger' : 'a-primary'} onClick={() => void flip(m)}>
                    {m.enabled ? t('methods.turnOff') : t('methods.turnOn')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
