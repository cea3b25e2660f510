import { useId, type FormEventHandler, type ReactNode } from 'react';
import { FormAlert } from './Field';

/** A titled form in a card: refusals that belong to no field, a success notice, then the fields. */
export function FormCard({
  title,
  general,
  done,
  onSubmit,
  children,
}: {
  title: string;
  general: string[];
  done?: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form className="a-card" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} style={{ marginTop: 0 }}>
        {title}
      </h2>
      <FormAlert messages={general} />
      {done ? (
        <p className="a-notice" role="status">
          {done}
        </p>
      ) : null}
      {children}
    </form>
  );
}
