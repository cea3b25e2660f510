import { MAINTENANCE_MESSAGE_MAX, maintenanceSchema, type MaintenanceInput } from '@oripa/core/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveMaintenance, type MaintenanceState } from '../../api/operations';
import { FormAlert, TextAreaField } from '../../components/Field';
import { useConsoleForm } from '../../hooks/use-console-form';

const FIELDS = ['on', 'message_ja', 'message_en'] as const;

/** The storefront's maintenance switch and its message in both languages (checked by the core schema). */
export function MaintenanceForm({ state }: { state: MaintenanceState }) {
  const { t } = useTranslation('admin-operations');
  const id = useId();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const { register, errors, isSubmitting, general, submitTo } = useConsoleForm<MaintenanceInput>({
    schema: maintenanceSchema,
    defaultValues: { on: state.on, message_ja: state.message_ja, message_en: state.message_en },
    fields: FIELDS,
  });
  const onSubmit = submitTo({
    send: saveMaintenance,
    onSuccess: async (_v, reply) => {
      const on = (reply as unknown as MaintenanceState).on;
      setSaved(t('maintenance.saved', { state: on ? t('maintenance.on') : t('maintenance.off') }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'maintenance'] });
    },
  });
  return (
    <form
      onSubmit={(e) => {
        setSaved(null);
        void onSubmit(e);
      }}
      noValidate
    >
      <p className="a-hint">{t('maintenance.hint')}</p>
      {state.forced ? <p className="a-alert">{t('maintenance.forced')}</p> : null}
      <div className="a-row">
        <input id={`${id}-on`} type="checkbox" {...register('on')} />
        <label htmlFor={`${id}-on`}>{t('maintenance.switch')}</label>
      </div>
      <TextAreaField
        label={t('maintenance.messageJa')}
        rows={3}
        maxLength={MAINTENANCE_MESSAGE_MAX}
        error={errors.message_ja}
        {...register('message_ja')}
      />
      <TextAreaField
        label={t('maintenance.messageEn')}
        rows={3}
        maxLength={MAINTENANCE_MESSAGE_MAX}
        error={errors.message_en}
        {...register('message_en')}
      />
      <button type="submit" className="a-primary" disabled={isSubmitting}>
        {t('maintenance.save')}
      </button>
      {saved ? (
        <p className="a-notice" role="status">
          {saved}
        </p>
      ) : (
        <FormAlert messages={general} />
      )}
    </form>
  );
}
