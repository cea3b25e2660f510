import { cardInputSchema, type AdminCard } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isOk } from '../../../api/client';
import { fetchCard, saveCard } from '../../api/catalogue';
import { Field, FormAlert, SelectField } from '../../components/Field';
import { useConsoleForm } from '../../hooks/use-console-form';
import { ImageField } from './ImagePicker';
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

/** The request body: the inputs' text as the schema reads it, the flag as '0'/'1'. */
const toBody = (v: CardForm) => ({ ...v, no_reduction: v.no_reduction ? '1' : '0' });
const FIELDS = ['card_type', 'name_ja', 'name_en', 'rarity', 'model_number', 'buy_point', 'image_url'] as const;

function CardFormView({ id, initial, created }: { id: number | null; initial: CardForm; created: boolean }) {
  const { t } = useTranslation('admin-catalogue');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(created ? t('created') : null);
  const { form, register, errors, isSubmitting, general, submitTo } = useConsoleForm<
    CardForm,
    ReturnType<typeof toBody>
  >({ schema: cardInputSchema, defaultValues: initial, toBody, fields: FIELDS });
  const cardType = String(form.watch('card_type'));
  const submit = submitTo({
    send: (body) => saveCard(id, body),
    onSuccess: async (_body, reply) => {
      const card = (reply as { card?: AdminCard }).card;
      await queryClient.invalidateQueries({ queryKey: ['admin', 'cards'] });
      if (id === null && card) void navigate(`/admin/cards/${card.id}`, { replace: true, state: { created: true } });
      setNotice(id === null ? t('created') : t('saved'));
    },
  });

  return (
    <>
      <p>
        <Link to="/admin/cards">{t('back')}</Link>
      </p>
      <h1>{id === null ? t('newCard') : `${t('editCard')} #${id}`}</h1>
      <form
        className="a-card"
        onSubmit={(e) => {
          setNotice(null);
          void submit(e);
        }}
        noValidate
      >
        <FormAlert messages={general} />
        {notice ? (
          <p className="a-notice" role="status">
            {notice}
          </p>
        ) : null}
        <ImageField name="image_url" control={form.control} label={t('image')} max={1} />
        <div className="a-grid">
          <Field label={t('nameJa')} error={errors.name_ja} {...register('name_ja')} />
          <Field label={t('nameEn')} error={errors.name_en} {...register('name_en')} />
          {/* Held by React too: the options arrive after the form (see CardTypeOptions). */}
          <SelectField label={t('cardType')} error={errors.card_type} {...register('card_type')} value={cardType}>
            <CardTypeOptions current={cardType} />
          </SelectField>
          <SelectField label={t('rarity')} error={errors.rarity} {...register('rarity')}>
            {[0, 1, 2, 3].map((r) => (
              <option key={r} value={r}>
                {t(`rarities.${r}`)}
              </option>
            ))}
          </SelectField>
          <Field label={t('modelNumber')} error={errors.model_number} {...register('model_number')} />
          <Field label={t('buyPoint')} inputMode="numeric" error={errors.buy_point} {...register('buy_point')} />
        </div>
        <label className="a-check">
          <input type="checkbox" {...register('no_reduction')} />
          {t('noReduction')}
        </label>
        <button type="submit" className="a-primary" disabled={isSubmitting}>
          {t('admin-common:save')}
        </button>
      </form>
    </>
  );
}
