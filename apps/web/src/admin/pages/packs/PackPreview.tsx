import { RANK_ORDER } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import type { CardInfo } from './card-info';
import type { PackForm } from './pack-form';

/** The draft as a member would see it: banner images, name, price, description and the lineup with chances. */
export function PackPreview({ form, cards: byId }: { form: PackForm; cards: ReadonlyMap<string, CardInfo> }) {
  const { t, i18n } = useTranslation('admin-catalogue');
  const en = i18n.language === 'en';
  const total = form.lineup.reduce((s, l) => s + (Number(l.count) || 0), 0);
  const name = en ? form.name_en || form.name_ja : form.name_ja;
  return (
    <section className="a-preview" aria-label={t('preview')} data-testid="pack-preview">
      <div className="a-preview-banner">
        {form.images.map((url, i) => (
          <img key={url} src={url} alt={`${name} ${i + 1}`} />
        ))}
      </div>
      <h2>{name || '—'}</h2>
      <p>
        <strong>
          {t('perDraw', {
            point: `${Number(form.point || 0).toLocaleString()} ${t(`currencies.${form.payment_method}`)}`,
          })}
        </strong>
        {' · '}
        {t('totalTickets')} {total.toLocaleString()}
      </p>
      <p style={{ whiteSpace: 'pre-line' }}>{en ? form.detail_en : form.detail_ja}</p>
      {RANK_ORDER.map((rank) => {
        const lines = form.lineup.filter((l) => l.rank === rank && byId.has(l.card_id));
        if (lines.length === 0) return null;
        return (
          <div key={rank}>
            <h3>{rank}</h3>
            <ul className="a-preview-cards">
              {lines.map((l) => {
                const c = byId.get(l.card_id)!;
                const n = Number(l.count) || 0;
                return (
                  <li key={l.card_id}>
                    {c.image_url ? <img src={c.image_url} alt="" /> : null}
                    <div>{en ? c.name_en : c.name_ja}</div>
                    <div className="a-hint">
                      {t('ticketsN', { n })} · {t('probability')} {total ? ((n / total) * 100).toFixed(2) : '0'}%
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
