import { zodResolver } from '@hookform/resolvers/zod';
import { profileChangeSchema, type ProfileChangeInput, type UserDetail } from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { changeProfile, USER_DETAIL_KEY } from '../../api/account';
import { Modal } from '../ui/Modal';
import { FormAlert, SubmitButton, TelField } from './FormField';
import { NameFields } from './NameFields';
import { errorText } from '../../lib/account/server-errors';
import { useServerForm } from '../../hooks/account/use-server-form';
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
  const { form, register, errors, isSubmitting, general, setGeneral, submitTo } = useServerForm<
    ProfileForm,
    ProfileChangeInput
  >({ resolver: zodResolver(profileChangeSchema) }, FIELDS);
  const { reset } = form;

  // Each opening starts from the saved details. A copy of them that arrives while the popup is open (a refetch of
  // the member's details) fills it again only if the member has not typed yet: what they typed wins. A layout
  // effect, so the fields are filled before the popup is painted: a passive effect could run after the member (or a
  // browser test) had started typing, and overwrite or splice into what they typed.
  const isDirty = form.formState.isDirty;
  const filledFrom = useRef<UserDetail | null>(null);
  useLayoutEffect(() => {
    if (!open) {
      filledFrom.current = null;
      return;
    }
    if (filledFrom.current === detail) return;
    const opening = filledFrom.current === null;
    filledFrom.current = detail;
    if (!opening && isDirty) return;
    reset({ lastName: detail.lastName, middleName: detail.middleName, firstName: detail.firstName, tel: detail.tel });
    if (opening) setGeneral([]);
  }, [open, detail, reset, setGeneral, isDirty]);

  const onSubmit = submitTo({
    send: (values) => changeProfile({ ...values, middleName: english ? values.middleName : '' }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: USER_DETAIL_KEY });
      onSaved?.();
      onClose();
    },
  });

  return (
    <Modal open={open} onClose={onClose} title={t('profileModal.title')}>
      <form method="post" className={styles.form} onSubmit={onSubmit} noValidate>
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
