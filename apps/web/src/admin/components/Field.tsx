import { translateAdminMessage } from '@oripa/core/admin';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { FieldError } from 'react-hook-form';
import { currentLang } from '../../i18n';

/** A client-side error carries a message key (core admin or shop table); a server error is already text. */
export function adminErrorText(error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : translateAdminMessage(currentLang(), error.message);
}

/**
 * Every message under a field that holds others (a list's own refusal, its root's, each entry's), translated and
 * once each: the pack's lineup shows them together under the list.
 */
export function errorTexts(error: unknown): string[] {
  const out = new Set<string>();
  const walk = (e: unknown) => {
    if (!e || typeof e !== 'object') return;
    const text = adminErrorText(e as FieldError);
    if (text) out.add(text);
    for (const [k, child] of Object.entries(e)) if (k !== 'ref' && k !== 'message' && k !== 'type') walk(child);
  };
  walk(error);
  return [...out];
}

/** What a control needs to be tied to its label, its hint and its error. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A label, one control (given by `control`), then its hint or its error (announced, and tied to the control for
 * screen readers). Every console field is drawn by this, whatever its control.
 */
export function FieldShell({
  label,
  error,
  hint,
  control,
}: {
  label: string;
  error?: FieldError | undefined;
  hint?: ReactNode;
  control: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const text = adminErrorText(error);
  return (
    <div className="a-field">
      <label htmlFor={id}>{label}</label>
      {control({
        id,
        'aria-invalid': text ? true : undefined,
        'aria-describedby': text ? `${id}-err` : hint ? `${id}-hint` : undefined,
      })}
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

interface Labelled {
  label: string;
  error?: FieldError | undefined;
  hint?: ReactNode;
}

/** A labelled input with its error. */
export function Field({ label, error, hint, ...input }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  return <FieldShell label={label} error={error} hint={hint} control={(a) => <input {...a} {...input} />} />;
}

/** A labelled text area with its error. */
export function TextAreaField({ label, error, hint, ...area }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <FieldShell label={label} error={error} hint={hint} control={(a) => <textarea {...a} {...area} />} />;
}

/** A labelled choice with its error; the options are its children. */
export function SelectField({ label, error, hint, ...select }: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  return <FieldShell label={label} error={error} hint={hint} control={(a) => <select {...a} {...select} />} />;
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
