import { apiPost } from '../../api/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileChangeSchema, type ProfileChangeInput, type UserDetail } from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { USER_DETAIL_KEY } from '../../api/useUserDetail';
import { Modal } from '../ui/Modal';
import { FormAlert, SubmitButton, TelField } from './FormField';
import { NameFields } from './NameFields';
import { errorText } from './server-errors';
import { useServerForm } from './use-server-form';
import styles from './AccountForm.module.css';

type ProfileForm = z.input<typeof profileChangeSchema>;
const FIELDS = ['lastName', 'middleName', 'firstName', 'tel'] as const;

/** Name and phone (`POST /api/user/change`), with the registration rules; middle name only in English mode. */
export function ProfileModal({
  open,
  detail,
  onClose,
  onSaved,
}: {
  open: boolean;
  detail: UserDetail;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { t, i18n } = useTranslation('account');
  const english = i18n.language === 'en';
  const qc = useQueryClient();
  const {
    form: { reset },
    register,
    errors,
    isSubmitting,
    general,
    setGeneral,
    submitTo,
  } = useServerForm<ProfileForm, ProfileChangeInput>({ resolver: zodResolver(profileChangeSchema) }, FIELDS);

  useEffect(() => {
    if (!open) return;
    reset({ lastName: detail.lastName, middleName: detail.middleName, firstName: detail.firstName, tel: detail.tel });
    setGeneral([]);
  }, [open, detail, reset, setGeneral]);

  const onSubmit = submitTo({
    send: (values) => apiPost('/user/change', { ...values, middleName: english ? values.middleName : '' }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: USER_DETAIL_KEY });
      onSaved?.();
      onClose();
    },
  });

  return (
    <Modal open={open} onClose={onClose} title={t('profileModal.title')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        <NameFields register={register} errors={errors} english={english} />
        <TelField error={errorText(errors.tel)} {...register('tel')} />
        <div className={styles.actions}>
          <SubmitButton busy={isSubmitting}>{t('profileModal.save')}</SubmitButton>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t('profileModal.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
