import { packDraftSchema, type AdminCard, type AdminPackDetail, type BandedEconomics } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isOk, type ApiReply } from '../../../api/client';
import { clonePack, closePack, fetchEconomicsBand, fetchPack, publishPack, savePack } from '../../api/catalogue';
import { FormAlert } from '../../components/Field';
import { CardTypeOptions } from '../cards/CardTypeOptions';
import { ImagePicker } from '../cards/ImagePicker';
import { replyErrors, schemaErrors, type FormErrors } from '../cards/form-errors';
import { detailCards, type CardInfo } from './card-info';
import { EconomicsPanel } from './EconomicsPanel';
import { DEFAULT_BAND, LineupEditor } from './LineupEditor';
import { EMPTY, fromDetail, toBody, type PackForm } from './pack-form';
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
  const [v, setV] = useState<PackForm>(detail ? fromDetail(detail) : EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
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
  const addCards = (found: AdminCard[]) =>
    setCards((prev) => new Map([...prev, ...found.map((c) => [String(c.id), c] as const)]));
  const published = detail !== null && detail.status !== 'draft';
  const set = <K extends keyof PackForm>(k: K, value: PackForm[K]) => setV((prev) => ({ ...prev, [k]: value }));

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin', 'packs'] });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'pack', id] });
  };

  /** Runs a call; a refusal shows its field errors, a success its notice (and maybe a new address); answers the pack. */
  async function run(call: () => Promise<ApiReply & { pack?: AdminPackDetail }>, done: string) {
    setBusy(true);
    setNotice(null);
    const reply = await call();
    setBusy(false);
    if (reply.state === 200 && reply.pack) {
      setErrors({});
      // The address carries the notice (first): the form is remade when the pack's state changes (publish, close).
      await navigate(`/admin/packs/${reply.pack.id}`, { replace: reply.pack.id === id, state: { notice: done } });
      setNotice(t(done));
      await refresh();
      return reply.pack;
    }
    setErrors(replyErrors(reply, t('admin-common:failed')));
    return null;
  }

  async function save(e?: FormEvent) {
    e?.preventDefault();
    const body = toBody(v);
    const local = schemaErrors(packDraftSchema, body);
    setErrors(local);
    if (Object.keys(local).length) return null;
    return run(() => savePack(id, body), id === null ? 'created' : 'saved');
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

  const fieldError = (k: string) =>
    errors[k]?.map((m) => (
      <small key={m} id={`${f}-${k}-err`} className="a-error" role="alert">
        {m}
      </small>
    ));
  const input = (k: keyof PackForm, label: string, extra: Record<string, unknown> = {}, hint?: ReactNode) => (
    <div className="a-field">
      <label htmlFor={`${f}-${k}`}>{label}</label>
      <input
        id={`${f}-${k}`}
        value={v[k] as string}
        onChange={(e) => set(k, e.target.value as never)}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `${f}-${k}-err` : undefined}
        {...extra}
      />
      {hint && !errors[k] ? <small className="a-hint">{hint}</small> : null}
      {fieldError(k)}
    </div>
  );
  const frozenExtra = published ? { disabled: true } : {};

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
      <FormAlert messages={[...(errors.general ?? []), ...(errors.json ?? [])]} />
      {detail && published ? <PackFigures pack={detail} /> : null}
      <form className="a-card" onSubmit={save} noValidate aria-label={t('pack')}>
        <div className="a-grid">
          {input('name_ja', t('nameJa'))}
          {input('name_en', t('nameEn'))}
        </div>
        <div className="a-grid a-wide">
          <div className="a-field">
            <label htmlFor={`${f}-detail_ja`}>{t('detailJa')}</label>
            <textarea id={`${f}-detail_ja`} value={v.detail_ja} onChange={(e) => set('detail_ja', e.target.value)} />
            {fieldError('detail_ja')}
          </div>
          <div className="a-field">
            <label htmlFor={`${f}-detail_en`}>{t('detailEn')}</label>
            <textarea id={`${f}-detail_en`} value={v.detail_en} onChange={(e) => set('detail_en', e.target.value)} />
            {fieldError('detail_en')}
          </div>
        </div>
        <ImagePicker
          label={t('packImages')}
          value={v.images}
          onChange={(urls) => set('images', urls)}
          max={10}
          error={errors.images}
        />
        <div className="a-grid">
          <div className="a-field">
            <label htmlFor={`${f}-card_type`}>{t('cardType')}</label>
            <select
              id={`${f}-card_type`}
              value={v.card_type}
              onChange={(e) => set('card_type', e.target.value)}
              {...frozenExtra}
            >
              <CardTypeOptions current={v.card_type} />
            </select>
          </div>
          {input('point', t('price'), { inputMode: 'numeric', ...frozenExtra })}
          <div className="a-field">
            <label htmlFor={`${f}-pm`}>{t('currency')}</label>
            <select
              id={`${f}-pm`}
              value={v.payment_method}
              onChange={(e) => set('payment_method', e.target.value as '1' | '2')}
              {...frozenExtra}
            >
              <option value="1">{t('currencies.1')}</option>
              <option value="2">{t('currencies.2')}</option>
            </select>
          </div>
          {input('start_date', t('start'), { type: 'datetime-local' })}
          {input('end_date', t('end'), { type: 'datetime-local' }, t('endHint'))}
          {input('max_buy_count', t('maxBuyCount'), { inputMode: 'numeric' })}
          {input('rank_limit', t('rankLimit'), { inputMode: 'numeric' })}
          {input('sort', t('sort'), { inputMode: 'numeric' })}
        </div>
        <label className="a-check">
          <input type="checkbox" checked={v.sms_only} onChange={(e) => set('sms_only', e.target.checked)} />
          {t('smsOnly')}
        </label>
        <label className="a-check">
          <input type="checkbox" checked={v.show_cardlist} onChange={(e) => set('show_cardlist', e.target.checked)} />
          {t('showCardlist')}
        </label>
        <LineupEditor
          value={v}
          cards={cards}
          band={band}
          frozen={published}
          errors={errors}
          onChange={(patch) => {
            setV((prev) => ({ ...prev, ...patch }));
            setPublishStep(null);
          }}
          onCards={addCards}
        />
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
          {detail && (detail.status === 'on_sale' || detail.status === 'scheduled' || detail.status === 'sold_out') ? (
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
      {id !== null && detail?.status === 'scheduled' ? <DropSettings id={id} /> : null}
    </>
  );
}
