import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from './FormField';
import { errorText } from '../../lib/account/server-errors';

export interface NameForm {
  lastName: string;
  middleName?: string | undefined;
  firstName: string;
}

/**
 * Family, middle and given name, shared by registration and the profile popup. The middle name exists only in
 * the English form (spec section 1); English speakers write the given name first, Japanese the family name first.
 */
export function NameFields<T extends NameForm>({
  register,
  errors,
  english,
  placeholders = false,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<NameForm>;
  english: boolean;
  placeholders?: boolean;
}) {
  const { t } = useTranslation('account');
  // The field's registration, error and (on the registration form) placeholder.
  const field = (name: keyof NameForm) => ({
    placeholder: placeholders ? t(`placeholders.${name}`) : undefined,
    error: errorText(errors[name]),
    ...register(name as Path<T>),
  });
  const last = (
    <TextField key="last" label={t('fields.lastName')} autoComplete="family-name" required {...field('lastName')} />
  );
  const first = (
    <TextField key="first" label={t('fields.firstName')} autoComplete="given-name" required {...field('firstName')} />
  );
  if (!english) return [last, first];
  return [
    first,
    <TextField key="middle" label={t('fields.middleName')} autoComplete="additional-name" {...field('middleName')} />,
    last,
  ];
}
