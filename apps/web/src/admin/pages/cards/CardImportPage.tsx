import type { AdminCardImportPreview } from '@oripa/core/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isOk } from '../../../api/client';
import { CARD_EXPORT_URL, importCards, previewCardImport, uploadImportPictures } from '../../api/card-import';
import { FormAlert } from '../../components/Field';
import { pictureBatches, pictureSources, uploadName, type PictureSource } from './picture-sources';
import './catalogue.css';

type Progress = { phase: 'pictures' | 'cards'; done: number; total: number; value: number; max: number };

/**
 * /admin/cards/import (operator): a card file (CSV) and its pictures (files or a zip, matched by model number).
 * The server's preview lists every row's problems before anything is written; the import button stays off until
 * only warnings remain. Importing stores the pictures in batches (the bar follows each batch's upload and storing),
 * then writes every card in one transaction.
 */
export function CardImportPage() {
  const { t } = useTranslation('admin-catalogue');
  const f = useId();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<File | null>(null);
  const [pictureFiles, setPictureFiles] = useState<File[]>([]);
  const [sources, setSources] = useState<PictureSource[]>([]);
  const [preview, setPreview] = useState<AdminCardImportPreview | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [done, setDone] = useState<{ created: number; unchanged: number } | null>(null);

  async function check(e?: FormEvent) {
    e?.preventDefault();
    if (!csv) return;
    setBusy(true);
    setDone(null);
    setErrors([]);
    try {
      const found = await pictureSources(pictureFiles);
      setSources(found);
      const reply = await previewCardImport(
        csv,
        found.map((s) => s.name),
      );
      if (isOk(reply)) setPreview(reply.preview);
      else {
        setPreview(null);
        setErrors(Object.values(reply.errors ?? {}).flat());
      }
    } catch {
      setPreview(null);
      setErrors([t('import.zipUnreadable')]);
    } finally {
      setBusy(false);
    }
  }

  async function run() {
    if (!csv || !preview?.importable) return;
    setBusy(true);
    setErrors([]);
    const wanted = new Set(preview.rows.filter((r) => r.status === 'new' && r.picture).map((r) => r.picture!));
    const toSend = sources.filter((s) => wanted.has(s.name));
    const total = toSend.reduce((n, s) => n + s.size, 0) || 1;
    const urls: Record<string, string> = {};
    let stored = 0;
    let storedBytes = 0;
    setProgress({ phase: 'pictures', done: 0, total: toSend.length, value: 0, max: total });
    for (const batch of pictureBatches(toSend)) {
      const batchBytes = batch.reduce((n, s) => n + s.size, 0);
      const reply = await uploadImportPictures(
        batch.map((s) => ({ name: uploadName(s), blob: s.read() })),
        // The upload is half of a batch's share of the bar; the other half is the server storing it.
        (sent, of) => setProgress((p) => p && { ...p, value: storedBytes + (batchBytes * sent) / (2 * (of || 1)) }),
      );
      const refused = reply.problems ?? [];
      if (!isOk(reply) || refused.length) {
        setErrors(
          refused.length ? refused.map((p) => `${p.file}: ${p.message}`) : Object.values(reply.errors ?? {}).flat(),
        );
        setProgress(null);
        setBusy(false);
        return;
      }
      for (const p of reply.pictures) urls[p.name] = p.url;
      stored += batch.length;
      storedBytes += batchBytes;
      setProgress({ phase: 'pictures', done: stored, total: toSend.length, value: storedBytes, max: total });
    }
    setProgress({ phase: 'cards', done: 0, total: 0, value: total, max: total });
    const reply = await importCards(csv, urls);
    setProgress(null);
    setBusy(false);
    if (isOk(reply)) {
      setDone({ created: reply.created, unchanged: reply.unchanged });
      setPreview(null);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'cards'] });
    } else setErrors(Object.values(reply.errors ?? {}).flat());
  }

  const blocking = preview?.problems.filter((p) => !p.warning).length ?? 0;
  const warnings = (preview?.problems.length ?? 0) - blocking;
  const fresh = preview?.rows.filter((r) => r.status === 'new').length ?? 0;
  const canImport = Boolean(preview?.importable) && fresh > 0 && !busy;

  return (
    <>
      <p>
        <Link to="/admin/cards">{t('back')}</Link>
      </p>
      <h1>{t('import.title')}</h1>
      <form className="a-card" onSubmit={check} noValidate>
        <p className="a-hint">{t('import.hint')}</p>
        <div className="a-grid a-import-files">
          <div className="a-field">
            <label htmlFor={`${f}-csv`}>{t('import.csv')}</label>
            <input
              id={`${f}-csv`}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                setCsv(e.target.files?.[0] ?? null);
                setPreview(null);
              }}
            />
          </div>
          <div className="a-field">
            <label htmlFor={`${f}-pictures`}>{t('import.pictures')}</label>
            <input
              id={`${f}-pictures`}
              type="file"
              multiple
              accept=".zip,application/zip,image/jpeg,image/png,image/webp,image/avif,image/gif"
              onChange={(e) => {
                setPictureFiles([...(e.target.files ?? [])]);
                setPreview(null);
              }}
            />
            <small className="a-hint">{t('import.picturesHint')}</small>
          </div>
        </div>
        <div className="a-row">
          <button type="submit" disabled={!csv || busy}>
            {t('import.check')}
          </button>
          <a href={CARD_EXPORT_URL} download>
            {t('import.export')}
          </a>
        </div>
      </form>

      <FormAlert messages={errors} />
      {done ? (
        <p className="a-notice" role="status">
          {t('import.done', { count: done.created, unchanged: done.unchanged })}{' '}
          <Link to="/admin/cards">{t('cards')}</Link>
        </p>
      ) : null}

      {preview ? (
        <section className="a-card" aria-labelledby={`${f}-preview`}>
          <h2 id={`${f}-preview`}>{t('import.preview')}</h2>
          <p role="status">{t('import.summary', { rows: preview.lines, fresh, problems: blocking, warnings })}</p>
          {preview.problems.length ? (
            // A phone scrolls a long list inside its card: the region takes the focus so keys scroll it too.
            <div className="a-scroll" tabIndex={0} role="region" aria-label={t('import.problems')}>
              <table className="a-plain a-problems">
                <caption className="a-skip">{t('import.problems')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('import.line')}</th>
                    <th scope="col">{t('import.column')}</th>
                    <th scope="col">{t('import.problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.problems.map((p, i) => (
                    <tr key={i} data-tone={p.warning ? 'warning' : 'danger'}>
                      <td>{p.line ?? '—'}</td>
                      <td>{p.column ? t(`import.columns.${p.column}`) : t('import.file')}</td>
                      <td>
                        {p.warning ? <span className="a-badge">{t('import.warning')}</span> : null} {p.message}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {progress ? (
            <div className="a-progress">
              <label htmlFor={`${f}-progress`}>
                {progress.phase === 'pictures'
                  ? t('import.progressPictures', { done: progress.done, total: progress.total })
                  : t('import.progressCards')}
              </label>
              <progress id={`${f}-progress`} value={progress.value} max={progress.max} />
            </div>
          ) : null}
          <div className="a-row">
            <button type="button" className="a-primary" disabled={!canImport} onClick={() => void run()}>
              {preview.importable ? t('import.submit', { count: fresh }) : t('import.submitBlocked')}
            </button>
            {!preview.importable ? <span className="a-hint">{t('import.fixFirst')}</span> : null}
          </div>
          <details>
            <summary>{t('import.rows', { count: preview.rows.length })}</summary>
            <div
              className="a-scroll"
              tabIndex={0}
              role="region"
              aria-label={t('import.rows', { count: preview.rows.length })}
            >
              <table className="a-plain">
                <thead>
                  <tr>
                    <th scope="col">{t('import.line')}</th>
                    <th scope="col">{t('modelNumber')}</th>
                    <th scope="col">{t('name')}</th>
                    <th scope="col">{t('rarity')}</th>
                    <th scope="col">{t('buyPoint')}</th>
                    <th scope="col">{t('import.picture')}</th>
                    <th scope="col">{t('import.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((r) => (
                    <tr key={r.line}>
                      <td>{r.line}</td>
                      <td>{r.model_number}</td>
                      <td>
                        {r.name_ja}
                        <br />
                        <small className="a-hint">{r.name_en}</small>
                      </td>
                      <td>{t(`rarities.${r.rarity}`)}</td>
                      <td>{r.buy_point.toLocaleString()}</td>
                      <td>{r.picture ?? '—'}</td>
                      <td>{t(`import.statuses.${r.status}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>
      ) : null}
    </>
  );
}
