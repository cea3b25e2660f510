import type { Carrier } from '@oripa/core/admin';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../../api/client';
import { importTrackingFile } from '../../api/fulfilment';
import { CarrierSelect } from './CarrierSelect';

/** Uploads a tracking-number CSV; a refused file lists every line's problem (nothing was changed). */
export function TrackingImport({ onDone }: { onDone: (text: string, tone: 'ok' | 'danger') => void }) {
  const { t } = useTranslation('admin-fulfilment');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [carrier, setCarrier] = useState<Carrier>('yamato');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    const reply = await importTrackingFile(file, carrier);
    setBusy(false);
    if (isOk(reply)) {
      setErrors([]);
      onDone(t('import.done', { count: reply.imported }), 'ok');
    } else {
      setErrors(Object.values(reply.errors ?? {}).flat());
    }
  }
  return (
    <section className="a-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('import.title')}</h2>
      <p className="a-hint">{t('import.hint')}</p>
      <form className="a-filters" onSubmit={submit}>
        <div className="a-field">
          <label htmlFor={`${id}-file`}>{t('import.file')}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <div className="a-field">
          <label htmlFor={`${id}-carrier`}>{t('import.carrier')}</label>
          <CarrierSelect id={`${id}-carrier`} value={carrier} onChange={setCarrier} />
        </div>
        <button type="submit" className="a-primary" disabled={!file || busy}>
          {t('import.submit')}
        </button>
      </form>
      {errors.length > 0 ? (
        <div className="a-alert" role="alert">
          <p>{t('import.failed')}</p>
          <ul>
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
