import { translateAdminMessage } from '@oripa/core/admin';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { currentLang } from '../../i18n';

/** A client-side error carries a message key (core admin or shop table); a server error is already text. */
export function adminErrorText(error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : translateAdminMessage(currentLang(), error.message);
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: FieldError | undefined;
  hint?: ReactNode;
}

/** A labelled input with its error (announced, and tied to the input for screen readers). */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const text = adminErrorText(error);
  return (
    <div className="a-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={text ? true : undefined}
        aria-describedby={text ? `${id}-err` : hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && !text ? (
        <small id={`${id}-hint`} className="a-hint">
          {hint}
        </small>
      ) : null}
      {text ? (
        <small id={`${id}-err`} className="a-error" role="alert">
          {text}
        </small>
      ) : null}
    </div>
  );
}

/** Form-level messages (refusals that belong to no field). */
export function FormAlert({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="a-alert" role="alert">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}
