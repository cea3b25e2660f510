import { apiPost } from '../../api/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { profileChangeSchema, type ProfileChangeInput, type UserDetail } from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { USER_DETAIL_KEY } from '../../api/useUserDetail';
import { Modal } from '../ui/Modal';
import { FormAlert, TextField } from './FormField';
import { applyServerErrors, errorText } from './server-errors';
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
  const [general, setGeneral] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm, unknown, ProfileChangeInput>({ resolver: zodResolver(profileChangeSchema) });

  useEffect(() => {
    if (!open) return;
    reset({ lastName: detail.lastName, middleName: detail.middleName, firstName: detail.firstName, tel: detail.tel });
    setGeneral([]);
  }, [open, detail, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setGeneral([]);
    const reply = await apiPost('/user/change', { ...values, middleName: english ? values.middleName : '' });
    if (reply.state === 200) {
      await qc.invalidateQueries({ queryKey: USER_DETAIL_KEY });
      onSaved?.();
      onClose();
      return;
    }
    setGeneral(applyServerErrors(reply, setError, FIELDS));
  });

  const last = (
    <TextField
      key="last"
      label={t('fields.lastName')}
      autoComplete="family-name"
      required
      error={errorText(errors.lastName)}
      {...register('lastName')}
    />
  );
  const first = (
    <TextField
      key="first"
      label={t('fields.firstName')}
      autoComplete="given-name"
      required
      error={errorText(errors.firstName)}
      {...register('firstName')}
    />
  );
  return (
    <Modal open={open} onClose={onClose} title={t('profileModal.title')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        {english ? first : last}
        {english && (
          <TextField
            label={t('fields.middleName')}
            autoComplete="additional-name"
            error={errorText(errors.middleName)}
            {...register('middleName')}
          />
        )}
        {english ? last : first}
        <TextField
          label={t('fields.tel')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          required
          hint={t('hints.tel')}
          error={errorText(errors.tel)}
          {...register('tel')}
        />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={isSubmitting} aria-busy={isSubmitting}>
            {t('profileModal.save')}
          </button>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t('profileModal.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
