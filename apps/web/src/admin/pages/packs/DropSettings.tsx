import type { DropInfo } from '@oripa/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet, apiPost, firstError, isOk, type Reply } from '../../../api/client';
import { FormAlert } from '../../components/Field';

type DropReply = Reply<{ drop: DropInfo | null }>;

/**
 * A published pack's sale as a drop (issue 22): the pre-queue window, members admitted a minute and how long they
 * may buy. Saved until the pre-queue opens (the server refuses later and audits each save); each save publishes a
 * fresh commitment to the queue's shuffle.
 */
export function DropSettings({ id }: { id: number }) {
  const { t, i18n } = useTranslation('admin-catalogue');
  const queryClient = useQueryClient();
  const key = ['admin', 'pack-drop', id];
  const current = useQuery({ queryKey: key, queryFn: () => apiGet<DropReply>(`/admin/packs/${id}/drop`) });
  const drop = isOk(current.data) ? current.data.drop : null;
  const [v, setV] = useState({ prequeue_minutes: '30', admit_per_minute: '500', stay_minutes: '10' });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const reply = await apiPost<DropReply>(`/admin/packs/${id}/drop`, v);
    if (isOk(reply)) {
      queryClient.setQueryData(key, reply);
      setMessage({ ok: true, text: t('drop.saved') });
    } else {
      const first = ['prequeue_minutes', 'admit_per_minute', 'stay_minutes', 'general'].map((f) =>
        firstError(reply, f),
      );
      setMessage({ ok: false, text: first.find(Boolean) ?? t('drop.failed') });
    }
  };
  const field = (name: keyof typeof v, label: string) => (
    <div className="a-field">
      <label htmlFor={`drop-${name}`}>{label}</label>
      <input
        id={`drop-${name}`}
        inputMode="numeric"
        value={v[name]}
        onChange={(e) => setV((p) => ({ ...p, [name]: e.target.value }))}
      />
    </div>
  );

  return (
    <section className="a-card" aria-labelledby="drop-settings-title">
      <h2 id="drop-settings-title">{t('drop.title')}</h2>
      {drop ? (
        <p>
          {t('drop.current', {
            opens: new Date(drop.prequeue_opens_at).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'ja-JP', {
              timeZone: 'Asia/Tokyo',
            }),
            rate: drop.admit_per_minute,
            stay: drop.stay_minutes,
          })}
          <br />
          <small>
            {t('drop.commitment')} <code>{drop.seed_hash}</code>
          </small>
        </p>
      ) : (
        <p>{t('drop.none')}</p>
      )}
      <form onSubmit={(e) => void save(e)} noValidate>
        {field('prequeue_minutes', t('drop.prequeue'))}
        {field('admit_per_minute', t('drop.rate'))}
        {field('stay_minutes', t('drop.stay'))}
        {message ? message.ok ? <p role="status">{message.text}</p> : <FormAlert messages={[message.text]} /> : null}
        <div className="a-actions">
          <button type="submit" className="a-primary">
            {t('drop.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
