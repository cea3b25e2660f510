import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** An editor's closing row: save (off while the request runs) and cancel. */
export function SaveCancel({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="a-row">
      <button type="submit" className="a-primary" disabled={busy}>
        {t('admin-common:save')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('admin-common:cancel')}
      </button>
    </div>
  );
}
