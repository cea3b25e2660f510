import { cardInputSchema, type AdminCard } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isOk } from '../../../api/client';
import { fetchCard, saveCard } from '../../api/catalogue';
import { FormAlert } from '../../components/Field';
import { ImagePicker } from './ImagePicker';
import { replyErrors, schemaErrors, type FormErrors } from './form-errors';
import { CardTypeOptions } from './CardTypeOptions';
import './catalogue.css';

type CardForm = Omit<AdminCard, 'id' | 'updated'>;
const EMPTY: CardForm = {
  card_type: 1,
  name_ja: '',
  name_en: '',
  rarity: 0,
  model_number: '',
  buy_point: 0,
  no_reduction: false,
  image_url: '',
};

/** /admin/cards/new and /admin/cards/:id (operator): one master card with its image. */
export function CardEditPage() {
  const { id: raw } = useParams();
  const id = raw && raw !== 'new' ? Number(raw) : null;
  const { t } = useTranslation('admin-catalogue');
  const created = Boolean((useLocation().state as { created?: boolean } | null)?.created);
  const card = useQuery({ queryKey: ['admin', 'card', id], queryFn: () => fetchCard(id!), enabled: id !== null });
  if (id !== null && !isOk(card.data)) return <p className="a-loading">{t('admin-common:loading')}</p>;
  const initial = id !== null && isOk(card.data) ? card.data.card : EMPTY;
  return <CardFormView key={id ?? 'new'} id={id} initial={initial} created={created} />;
}

function CardFormView({ id, initial, created }: { id: number | null; initial: CardForm; created: boolean }) {
  const { t } = useTranslation('admin-catalogue');
  const f = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [v, setV] = useState<CardForm>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [notice, setNotice] = useState<string | null>(created ? t('created') : null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof CardForm>(k: K, value: CardForm[K]) => setV((prev) => ({ ...prev, [k]: value }));
  const err = (k: string) =>
    errors[k]?.[0] ? (
      <small id={`${f}-${k}-err`} className="a-error" role="alert">
        {errors[k]![0]}
      </small>
    ) : null;
  const aria = (k: string) => (errors[k] ? { 'aria-invalid': true, 'aria-describedby': `${f}-${k}-err` } : {});

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    const body = { ...v, no_reduction: v.no_reduction ? '1' : '0' };
    const local = schemaErrors(cardInputSchema, body);
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    const reply = await saveCard(id, body);
    setBusy(false);
    if (reply.state === 200 && reply.card) {
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: ['admin', 'cards'] });
      if (id === null) void navigate(`/admin/cards/${reply.card.id}`, { replace: true, state: { created: true } });
      setNotice(id === null ? t('created') : t('saved'));
    } else setErrors(replyErrors(reply, t('admin-common:failed')));
  }

  return (
    <>
      <p>
        <Link to="/admin/cards">{t('back')}</Link>
      </p>
      <h1>{id === null ? t('newCard') : `${t('editCard')} #${id}`}</h1>
      <form className="a-card" onSubmit={submit} noValidate>
        <FormAlert messages={errors.general ?? []} />
        {notice ? (
          <p className="a-notice" role="status">
            {notice}
          </p>
        ) : null}
        <ImagePicker
          label={t('image')}
          value={v.image_url ? [v.image_url] : []}
          onChange={(urls) => set('image_url', urls[0] ?? '')}
          max={1}
          error={errors.image_url}
        />
        <div className="a-grid">
          <div className="a-field">
            <label htmlFor={`${f}-name_ja`}>{t('nameJa')}</label>
            <input
              id={`${f}-name_ja`}
              value={v.name_ja}
              onChange={(e) => set('name_ja', e.target.value)}
              {...aria('name_ja')}
            />
            {err('name_ja')}
          </div>
          <div className="a-field">
            <label htmlFor={`${f}-name_en`}>{t('nameEn')}</label>
            <input
              id={`${f}-name_en`}
              value={v.name_en}
              onChange={(e) => set('name_en', e.target.value)}
              {...aria('name_en')}
            />
            {err('name_en')}
          </div>
          <div className="a-field">
            <label htmlFor={`${f}-card_type`}>{t('cardType')}</label>
            <select
              id={`${f}-card_type`}
              value={v.card_type}
              onChange={(e) => set('card_type', Number(e.target.value))}
            >
              <CardTypeOptions current={v.card_type} />
            </select>
          </div>
          <div className="a-field">
            <label htmlFor={`${f}-rarity`}>{t('rarity')}</label>
            <select
              id={`${f}-rarity`}
              value={v.rarity}
              onChange={(e) => set('rarity', Number(e.target.value) as CardForm['rarity'])}
              {...aria('rarity')}
            >
              {[0, 1, 2, 3].map((r) => (
                <option key={r} value={r}>
                  {t(`rarities.${r}`)}
                </option>
              ))}
            </select>
            {err('rarity')}
          </div>
          <div className="a-field">
            <label htmlFor={`${f}-model`}>{t('modelNumber')}</label>
            <input
              id={`${f}-model`}
              value={v.model_number}
              onChange={(e) => set('model_number', e.target.value)}
              {...aria('model_number')}
            />
            {err('model_number')}
          </div>
          <div className="a-field">
            <label htmlFor={`${f}-buy_point`}>{t('buyPoint')}</label>
            <input
              id={`${f}-buy_point`}
              inputMode="numeric"
              value={String(v.buy_point)}
              onChange={(e) => set('buy_point', e.target.value as unknown as number)}
              {...aria('buy_point')}
            />
            {err('buy_point')}
          </div>
        </div>
        <label className="a-check">
          <input type="checkbox" checked={v.no_reduction} onChange={(e) => set('no_reduction', e.target.checked)} />
          {t('noReduction')}
        </label>
        <button type="submit" className="a-primary" disabled={busy}>
          {t('admin-common:save')}
        </button>
      </form>
    </>
  );
}
