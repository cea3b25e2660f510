import { useTranslation } from 'react-i18next';

/** The end of a settings form: its save button, the refusal that is not a field's, and the "saved" status. */
export function SaveRow({ general, saved }: { general?: string[]; saved: boolean }) {
  const { t } = useTranslation('admin-settings');
  return (
    <>
      <button type="submit" className="a-primary">
        {t('save')}
      </button>
      {general ? (
        <p className="a-alert" role="alert">
          {general.join(' ')}
        </p>
      ) : null}
      {saved ? (
        <p className="a-notice" role="status">
          {t('saved')}
        </p>
      ) : null}
    </>
  );
}
