import { dropSettingsSchema, type DropInfo } from '@oripa/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet, apiPost, isOk, type Reply } from '../../../api/client';
import { Field, FormAlert } from '../../components/Field';
import { useConsoleForm } from '../../hooks/use-console-form';

type DropReply = Reply<{ drop: DropInfo | null }>;
interface DropForm {
  prequeue_minutes: string;
  admit_per_minute: string;
  stay_minutes: string;
}
const FIELDS = ['prequeue_minutes', 'admit_per_minute', 'stay_minutes'] as const;

/**
 * A published pack's sale as a drop (issue 22): the pre-queue window, members admitted a minute and how long they
 * may buy. Saved until the pre-queue opens (the server refuses later and audits each save); each save publishes a
 * fresh commitment to the queue's shuffle.
 */
export function DropSettings({ id }: { id: number }) {
  const { t, i18n } = useTranslation('admin-catalogue');
  const queryClient = useQueryClient();
  const key = ['admin', 'pack-drop', id];
  const current = useQuery({ queryKey: key, queryFn: () => apiGet<DropReply>(`/admin/packs/${id}/drop`) });
  const drop = isOk(current.data) ? current.data.drop : null;
  const [saved, setSaved] = useState(false);
  const { register, errors, isSubmitting, general, submitTo } = useConsoleForm<DropForm>({
    schema: dropSettingsSchema,
    defaultValues: { prequeue_minutes: '30', admit_per_minute: '500', stay_minutes: '10' },
    fields: FIELDS,
  });
  const onSubmit = submitTo({
    send: (v) => apiPost<DropReply>(`/admin/packs/${id}/drop`, { ...v }),
    onSuccess: (_v, reply) => {
      queryClient.setQueryData(key, reply);
      setSaved(true);
    },
  });
  const field = (name: keyof DropForm, label: string) => (
    <Field label={label} inputMode="numeric" error={errors[name]} {...register(name)} />
  );

  return (
    <section className="a-card" aria-labelledby="drop-settings-title">
      <h2 id="drop-settings-title">{t('drop.title')}</h2>
      {drop ? (
        <p>
          {t('drop.current', {
            opens: new Date(drop.prequeue_opens_at).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'ja-JP', {
              timeZone: 'Asia/Tokyo',
            }),
            rate: drop.admit_per_minute,
            stay: drop.stay_minutes,
          })}
          <br />
          <small>
            {t('drop.commitment')} <code>{drop.seed_hash}</code>
          </small>
        </p>
      ) : (
        <p>{t('drop.none')}</p>
      )}
      <form
        onSubmit={(e) => {
          setSaved(false);
          void onSubmit(e);
        }}
        noValidate
      >
        {field('prequeue_minutes', t('drop.prequeue'))}
        {field('admit_per_minute', t('drop.rate'))}
        {field('stay_minutes', t('drop.stay'))}
        {saved ? <p role="status">{t('drop.saved')}</p> : <FormAlert messages={general} />}
        <div className="a-actions">
          <button type="submit" className="a-primary" disabled={isSubmitting}>
            {t('drop.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
