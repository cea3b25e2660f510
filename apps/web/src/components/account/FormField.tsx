import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './AccountForm.module.css';
import { SubmitButton as HydratedSubmit } from '../ui/SubmitButton';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** What the frame gives its control: the id the label points at and the aria wiring. */
interface ControlProps {
  id: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label, hint, control and error, wired so a screen reader reads the hint and the error with the control. */
function FieldFrame({ id, label, error, hint, required, children }: FieldFrameProps) {
  const { t } = useTranslation('account');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = {
    id,
    className: styles.input,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {/* Screen readers hear "required" from aria-required; the badge is for the eye only. */}
        <span className={required ? styles.badgeRequired : styles.badgeOptional} aria-hidden="true">
          {t(required ? 'required' : 'optional')}
        </span>
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children(control)}
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/** A text input for react-hook-form (`{...register('x')}` spreads in, including its ref). */
export function TextField({ label, error, hint, required, id: idProp, ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required}>
      {(control) => <input ref={ref} {...control} {...input} />}
    </FieldFrame>
  );
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
};

export function SelectField({ label, error, hint, required, id: idProp, ref, children, ...select }: SelectFieldProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <select ref={ref} {...control} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** The e-mail field of the login, registration and reissue forms. */
export function MailField(props: Omit<TextFieldProps, 'label'>) {
  const { t } = useTranslation('account');
  return (
    <TextField
      label={t('fields.mail')}
      type="email"
      inputMode="email"
      autoComplete="email"
      required
      placeholder={t('placeholders.mail')}
      {...props}
    />
  );
}

/** The phone field of the registration form and the profile popup. */
export function TelField(props: Omit<TextFieldProps, 'label'>) {
  const { t } = useTranslation('account');
  return (
    <TextField
      label={t('fields.tel')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      required
      hint={t('hints.tel')}
      {...props}
    />
  );
}

/** The primary submit button, busy while the form submits. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <HydratedSubmit className={styles.primary} disabled={busy} aria-busy={busy}>
      {children}
    </HydratedSubmit>
  );
}

/** A form-level error (locked out, communication error, anything not tied to one field). */
export function FormAlert({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className={styles.formAlert}>
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}
