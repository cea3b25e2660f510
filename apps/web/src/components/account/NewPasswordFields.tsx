import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@oripa/core';
import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './FormField';
import { errorText } from '../../lib/account/server-errors';
import { useServerForm } from '../../hooks/account/use-server-form';

export interface NewPasswordForm {
  pass: string;
  confirmPass: string;
}
const FIELDS = ['pass', 'confirmPass'] as const;

/** The form of the reset and change-password pages: a new password and its confirmation, nothing else. */
export function useNewPasswordForm() {
  return useServerForm<NewPasswordForm>(
    { resolver: zodResolver(changePasswordSchema), defaultValues: { pass: '', confirmPass: '' } },
    FIELDS,
  );
}

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
