import { packDraftSchema, type AdminCard, type AdminPackDetail, type BandedEconomics } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isOk, type ApiReply } from '../../../api/client';
import { clonePack, closePack, fetchEconomicsBand, fetchPack, publishPack, savePack } from '../../api/catalogue';
import { Field, FormAlert, SelectField, TextAreaField } from '../../components/Field';
import { useConsoleForm } from '../../hooks/use-console-form';
import { CardTypeOptions } from '../cards/CardTypeOptions';
import { ImageField } from '../cards/ImagePicker';
import { detailCards, type CardInfo } from './card-info';
import { EconomicsPanel } from './EconomicsPanel';
import { DEFAULT_BAND, LineupEditor } from './LineupEditor';
import { EMPTY, fromDetail, PACK_FIELDS, toBody, type PackBody, type PackForm } from './pack-form';
import { PackFigures } from './PackFigures';
import { PackPreview } from './PackPreview';
import { StorePreviewLink } from './StorePreviewLink';
import { StatusBadge } from './StatusBadge';
import { DropSettings } from './DropSettings';
import '../cards/catalogue.css';

/** /admin/packs/new and /admin/packs/:id (operator): the draft form, preview, publish, close, clone, figures. */
export function PackEditPage() {
  const { id: raw } = useParams();
  const id = raw && raw !== 'new' ? Number(raw) : null;
  const { t } = useTranslation('admin-catalogue');
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const pack = useQuery({ queryKey: ['admin', 'pack', id], queryFn: () => fetchPack(id!), enabled: id !== null });
  const band = useQuery({ queryKey: ['admin', 'economics-band'], queryFn: fetchEconomicsBand, staleTime: Infinity });
  if (id !== null && !isOk(pack.data)) return <p className="a-loading">{t('admin-common:loading')}</p>;
  const detail = id !== null && isOk(pack.data) ? pack.data.pack : null;
  return (
    <PackFormView
      key={`${id ?? 'new'}-${detail?.status ?? ''}`}
      id={id}
      detail={detail}
      band={isOk(band.data) ? band.data.band : DEFAULT_BAND}
      initialNotice={notice ? t(notice) : null}
    />
  );
}

function PackFormView({
  id,
  detail,
  band,
  initialNotice,
}: {
  id: number | null;
  detail: AdminPackDetail | null;
  band: BandedEconomics['band'];
  initialNotice: string | null;
}) {
  const { t } = useTranslation('admin-catalogue');
  const f = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, register, errors, general, setGeneral, showServerErrors } = useConsoleForm<PackForm, PackBody>({
    schema: packDraftSchema,
    defaultValues: detail ? fromDetail(detail) : EMPTY,
    toBody,
    fields: PACK_FIELDS,
  });
  const v = form.watch();
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(false);
  // Every card the lineup names, as far as known (the saved draft's, then each one the picker found).
  const [cards, setCards] = useState<Map<string, CardInfo>>(() => detailCards(detail));
  // The publish step: the server's figures for the saved draft, shown before the operator confirms.
  const [publishStep, setPublishStep] = useState<BandedEconomics | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (publishStep) stepHeading.current?.focus();
  }, [publishStep]);
  // The step shows the saved draft's figures: any edit leaves it.
  useEffect(() => {
    const sub = form.watch(() => setPublishStep(null));
    return () => sub.unsubscribe();
  }, [form]);
  const addCards = (found: AdminCard[]) =>
    setCards((prev) => new Map([...prev, ...found.map((c) => [String(c.id), c] as const)]));
  const published = detail !== null && detail.status !== 'draft';

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin', 'packs'] });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'pack', id] });
  };

  /** Runs a call; a refusal shows its field errors, a success its notice (and maybe a new address); answers the pack. */
  async function run(call: () => Promise<ApiReply & { pack?: AdminPackDetail }>, done: string) {
    setBusy(true);
    setNotice(null);
    setGeneral([]);
    const reply = await call();
    setBusy(false);
    if (reply.state === 200 && reply.pack) {
      // The address carries the notice (first): the form is remade when the pack's state changes (publish, close).
      await navigate(`/admin/packs/${reply.pack.id}`, { replace: reply.pack.id === id, state: { notice: done } });
      setNotice(t(done));
      await refresh();
      return reply.pack;
    }
    showServerErrors(reply);
    return null;
  }

  /** Checks the form with the core schema (focus on the first field in error), then saves; answers the saved pack. */
  async function save(): Promise<AdminPackDetail | null> {
    let saved: AdminPackDetail | null = null;
    await form.handleSubmit(async (body) => {
      saved = await run(() => savePack(id, body), id === null ? 'created' : 'saved');
    })();
    return saved;
  }

  /** The publish step: save, then show the server's economics of the saved draft and ask for confirmation. */
  async function startPublish() {
    const saved = await save();
    if (saved) setPublishStep(saved.economics);
  }

  async function publish() {
    setPublishStep(null);
    await run(() => publishPack(id!), 'published');
  }

  const frozen = published ? { disabled: true } : {};

  return (
    <>
      <p>
        <Link to="/admin/packs">{t('back')}</Link>
      </p>
      <div className="a-row">
        <h1 style={{ marginRight: 8 }}>{id === null ? t('newPack') : `${t('editPack')} #${id}`}</h1>
        {detail ? <StatusBadge status={detail.status} /> : null}
      </div>
      {notice ? (
        <p className="a-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FormAlert messages={general} />
      {detail && published ? <PackFigures pack={detail} /> : null}
      <FormProvider {...form}>
        <form
          className="a-card"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
          aria-label={t('pack')}
        >
          <div className="a-grid">
            <Field label={t('nameJa')} error={errors.name_ja} {...register('name_ja')} />
            <Field label={t('nameEn')} error={errors.name_en} {...register('name_en')} />
          </div>
          <div className="a-grid a-wide">
            <TextAreaField label={t('detailJa')} error={errors.detail_ja} {...register('detail_ja')} />
            <TextAreaField label={t('detailEn')} error={errors.detail_en} {...register('detail_en')} />
          </div>
          <ImageField name="images" control={form.control} label={t('packImages')} max={10} />
          <div className="a-grid">
            {/* Held by React too: the options arrive after the form (see CardTypeOptions). */}
            <SelectField
              label={t('cardType')}
              error={errors.card_type}
              {...register('card_type')}
              value={v.card_type}
              {...frozen}
            >
              <CardTypeOptions current={v.card_type} />
            </SelectField>
            <Field label={t('price')} inputMode="numeric" error={errors.point} {...register('point')} {...frozen} />
            <SelectField
              label={t('currency')}
              error={errors.payment_method}
              {...register('payment_method')}
              {...frozen}
            >
              <option value="1">{t('currencies.1')}</option>
              <option value="2">{t('currencies.2')}</option>
            </SelectField>
            <Field label={t('start')} type="datetime-local" error={errors.start_date} {...register('start_date')} />
            <Field
              label={t('end')}
              type="datetime-local"
              hint={t('endHint')}
              error={errors.end_date}
              {...register('end_date')}
            />
            <Field
              label={t('maxBuyCount')}
              inputMode="numeric"
              error={errors.max_buy_count}
              {...register('max_buy_count')}
            />
            <Field label={t('rankLimit')} inputMode="numeric" error={errors.rank_limit} {...register('rank_limit')} />
            <Field label={t('sort')} inputMode="numeric" error={errors.sort} {...register('sort')} />
          </div>
          <label className="a-check">
            <input type="checkbox" {...register('sms_only')} />
            {t('smsOnly')}
          </label>
          <label className="a-check">
            <input type="checkbox" {...register('show_cardlist')} />
            {t('showCardlist')}
          </label>
          <LineupEditor value={v} cards={cards} band={band} frozen={published} onCards={addCards} />
          {preview ? <PackPreview form={v} cards={cards} /> : null}
          {publishStep ? (
            <section className="a-card a-publish-step" aria-labelledby={`${f}-step`} data-testid="publish-step">
              <h2 id={`${f}-step`} ref={stepHeading} tabIndex={-1}>
                {t('publishStep')}
              </h2>
              <EconomicsPanel
                economics={publishStep}
                unit={t(`currencies.${v.payment_method}`)}
                title={t('econ.serverTitle')}
                testId="publish-economics"
                level={3}
              />
              <p>{t('publishConfirm')}</p>
              <div className="a-row">
                <button type="button" className="a-primary" disabled={busy} onClick={() => void publish()}>
                  {t('publishNow')}
                </button>
                <button type="button" onClick={() => setPublishStep(null)}>
                  {t('publishCancel')}
                </button>
              </div>
            </section>
          ) : null}
          <div className="a-actions">
            <button type="submit" className="a-primary" disabled={busy}>
              {published ? t('saveTexts') : t('save')}
            </button>
            <button type="button" onClick={() => setPreview((p) => !p)} aria-expanded={preview}>
              {preview ? t('hidePreview') : t('preview')}
            </button>
            {id !== null && !published ? <StorePreviewLink id={id} /> : null}
            {id !== null && !published ? (
              <button
                type="button"
                className="a-primary"
                disabled={busy}
                aria-expanded={publishStep !== null}
                onClick={() => void startPublish()}
              >
                {t('publish')}
              </button>
            ) : null}
            {detail &&
            (detail.status === 'on_sale' || detail.status === 'scheduled' || detail.status === 'sold_out') ? (
              <button
                type="button"
                className="a-danger"
                disabled={busy}
                onClick={() => {
                  if (window.confirm(t('closeConfirm'))) void run(() => closePack(id!), 'closed');
                }}
              >
                {t('close')}
              </button>
            ) : null}
            {id !== null ? (
              <button type="button" disabled={busy} onClick={() => void run(() => clonePack(id), 'cloned')}>
                {t('clone')}
              </button>
            ) : null}
          </div>
        </form>
      </FormProvider>
      {id !== null && detail?.status === 'scheduled' ? <DropSettings id={id} /> : null}
    </>
  );
}
