import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './FormField';
import { errorText } from './server-errors';

export interface NewPasswordForm {
  pass: string;
  confirmPass: string;
}
export const NEW_PASSWORD_FIELDS = ['pass', 'confirmPass'] as const;

/**
 * A password and its confirmation: "new password" on the reset and change-password pages, plain "password"
 * on the registration form (`labels="register"`).
 */
export function NewPasswordFields<T extends NewPasswordForm>({
  register,
  errors,
  hint,
  labels = 'new',
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPasswordForm>;
  hint: string;
  labels?: 'new' | 'register';
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField
        label={t(labels === 'new' ? 'fields.newPass' : 'fields.pass')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={20}
        hint={hint}
        error={errorText(errors.pass)}
        {...register('pass' as Path<T>)}
      />
      <TextField
        label={t(labels === 'new' ? 'fields.newConfirmPass' : 'fields.confirmPass')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={20}
        error={errorText(errors.confirmPass)}
        {...register('confirmPass' as Path<T>)}
      />
    </>
  );
}
