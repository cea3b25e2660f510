import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './FormField';
import { errorText } from './server-errors';

export interface NewPasswordForm {
  pass: string;
  confirmPass: string;
}

/** New password and its confirmation, shared by the reset and change-password pages. */
export function NewPasswordFields({
  register,
  errors,
  hint,
}: {
  register: UseFormRegister<NewPasswordForm>;
  errors: FieldErrors<NewPasswordForm>;
  hint: string;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField
        label={t('fields.newPass')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={20}
        hint={hint}
        error={errorText(errors.pass)}
        {...register('pass')}
      />
      <TextField
        label={t('fields.newConfirmPass')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={20}
        error={errorText(errors.confirmPass)}
        {...register('confirmPass')}
      />
    </>
  );
}
