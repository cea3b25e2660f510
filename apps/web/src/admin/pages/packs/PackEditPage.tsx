import { RANK_ORDER, type Rank } from '@oripa/core';
import { packDraftSchema, type AdminCard, type AdminPackDetail } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { isOk, type ApiReply } from '../../../api/client';
import { clonePack, closePack, fetchCards, fetchPack, publishPack, savePack } from '../../api/catalogue';
import { FormAlert } from '../../components/Field';
import { CardTypeOptions } from '../cards/CardTypeOptions';
import { ImagePicker } from '../cards/ImagePicker';
import { replyErrors, schemaErrors, type FormErrors } from '../cards/form-errors';
import { EMPTY, fromDetail, toBody, type LineLine, type PackForm } from './pack-form';
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
  const cards = useQuery({
    queryKey: ['admin', 'cards', 'all'],
    queryFn: () => fetchCards({ per_page: 200, sort: 'id', dir: 'asc' }),
  });
  if ((id !== null && !isOk(pack.data)) || !isOk(cards.data))
    return <p className="a-loading">{t('admin-common:loading')}</p>;
  const detail = id !== null && isOk(pack.data) ? pack.data.pack : null;
  return (
    <PackFormView
      key={`${id ?? 'new'}-${detail?.status ?? ''}`}
      id={id}
      detail={detail}
      cards={cards.data.rows}
      initialNotice={notice ? t(notice) : null}
    />
  );
}

function PackFormView({
  id,
  detail,
  cards,
  initialNotice,
}: {
  id: number | null;
  detail: AdminPackDetail | null;
  cards: AdminCard[];
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
  const published = detail !== null && detail.status !== 'draft';
  const set = <K extends keyof PackForm>(k: K, value: PackForm[K]) => setV((prev) => ({ ...prev, [k]: value }));

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin', 'packs'] });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'pack', id] });
  };

  /** Runs a call; a refusal shows its field errors, a success its notice (and maybe a new address). */
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
      return true;
    }
    setErrors(replyErrors(reply, t('admin-common:failed')));
    return false;
  }

  async function save(e?: FormEvent) {
    e?.preventDefault();
    const body = toBody(v);
    const local = schemaErrors(packDraftSchema, body);
    setErrors(local);
    if (Object.keys(local).length) return false;
    return run(() => savePack(id, body), id === null ? 'created' : 'saved');
  }

  async function publish() {
    if (!window.confirm(t('publishConfirm'))) return;
    if (!(await save())) return;
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
          frozen={published}
          errors={errors}
          onChange={(patch) => setV((prev) => ({ ...prev, ...patch }))}
        />
        {preview ? <PackPreview form={v} cards={cards} /> : null}
        <div className="a-actions">
          <button type="submit" className="a-primary" disabled={busy}>
            {published ? t('saveTexts') : t('save')}
          </button>
          <button type="button" onClick={() => setPreview((p) => !p)} aria-expanded={preview}>
            {preview ? t('hidePreview') : t('preview')}
          </button>
          {id !== null && !published ? <StorePreviewLink id={id} /> : null}
          {id !== null && !published ? (
            <button type="button" className="a-primary" disabled={busy} onClick={() => void publish()}>
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

function LineupEditor({
  value,
  cards,
  frozen,
  errors,
  onChange,
}: {
  value: PackForm;
  cards: AdminCard[];
  frozen: boolean;
  errors: FormErrors;
  onChange: (patch: Partial<PackForm>) => void;
}) {
  const { t, i18n } = useTranslation('admin-catalogue');
  const f = useId();
  const lines = value.lineup;
  const sum = lines.reduce((s, l) => s + (Number(l.count) || 0), 0);
  const total = Number(value.total_tickets) || 0;
  const perRank = RANK_ORDER.map(
    (r) => [r, lines.filter((l) => l.rank === r).reduce((s, l) => s + (Number(l.count) || 0), 0)] as const,
  );
  const name = (c: AdminCard) => (i18n.language === 'en' ? c.name_en : c.name_ja);
  const setLine = (i: number, patch: Partial<LineLine>) =>
    onChange({ lineup: lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  return (
    <fieldset className="a-images" aria-describedby={`${f}-hint`}>
      <legend>{t('lineup')}</legend>
      <p id={`${f}-hint`} className="a-hint" style={{ marginTop: 0 }}>
        {frozen ? t('frozen') : t('lineupHint')}
      </p>
      <div className="a-row" style={{ marginBottom: 8 }}>
        <div className="a-field" style={{ marginBottom: 0 }}>
          <label htmlFor={`${f}-total`}>{t('totalTickets')}</label>
          <input
            id={`${f}-total`}
            inputMode="numeric"
            value={value.total_tickets}
            disabled={frozen}
            onChange={(e) => onChange({ total_tickets: e.target.value })}
          />
        </div>
        <p className="a-sum" data-ok={sum === total && lines.length > 0} aria-live="polite" style={{ margin: 0 }}>
          {t('lineupSum', { sum, total })} — {sum === total && lines.length > 0 ? t('lineupOk') : t('lineupNg')}
          <br />
          <small className="a-hint">
            {t('perRank')}: {perRank.map(([r, n]) => `${r} ${n}`).join(' / ')}
          </small>
        </p>
      </div>
      <div style={{ overflowX: 'auto' }}>
        <table className="a-lineup">
          <caption className="a-skip">{t('lineup')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('rank')}</th>
              <th scope="col">{t('card')}</th>
              <th scope="col">{t('count')}</th>
              <th scope="col">
                <span className="a-skip">{t('removeLine', { n: '' })}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={i}>
                <td>
                  <label className="a-skip" htmlFor={`${f}-rank-${i}`}>
                    {t('rank')} {i + 1}
                  </label>
                  <select
                    id={`${f}-rank-${i}`}
                    className="a-num"
                    value={l.rank}
                    disabled={frozen}
                    onChange={(e) => setLine(i, { rank: e.target.value as Rank })}
                  >
                    {RANK_ORDER.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <label className="a-skip" htmlFor={`${f}-card-${i}`}>
                    {t('card')} {i + 1}
                  </label>
                  <select
                    id={`${f}-card-${i}`}
                    value={l.card_id}
                    disabled={frozen}
                    data-testid="lineup-card"
                    onChange={(e) => setLine(i, { card_id: e.target.value })}
                  >
                    <option value="">{t('chooseCard')}</option>
                    {cards.map((c) => (
                      <option key={c.id} value={c.id}>
                        #{c.id} {name(c)} {c.model_number ? `(${c.model_number})` : ''}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <label className="a-skip" htmlFor={`${f}-count-${i}`}>
                    {t('count')} {i + 1}
                  </label>
                  <input
                    id={`${f}-count-${i}`}
                    className="a-num"
                    inputMode="numeric"
                    value={l.count}
                    disabled={frozen}
                    onChange={(e) => setLine(i, { count: e.target.value })}
                  />
                </td>
                <td>
                  {frozen ? null : (
                    <button
                      type="button"
                      className="a-link-button"
                      onClick={() => onChange({ lineup: lines.filter((_, j) => j !== i) })}
                    >
                      {t('removeLine', { n: i + 1 })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {frozen ? null : (
        <button
          type="button"
          style={{ marginTop: 8 }}
          onClick={() => onChange({ lineup: [...lines, { card_id: '', rank: 'C', count: '1' }] })}
        >
          {t('addCard')}
        </button>
      )}
      {errors.lineup?.map((m) => (
        <p key={m} className="a-error" role="alert" style={{ margin: '6px 0 0' }}>
          {m}
        </p>
      ))}
      <div className="a-field" style={{ marginTop: 12, maxWidth: 420 }}>
        <label htmlFor={`${f}-lastone`}>{t('lastOne')}</label>
        <select
          id={`${f}-lastone`}
          value={value.last_one_card_id}
          disabled={frozen}
          onChange={(e) => onChange({ last_one_card_id: e.target.value })}
        >
          <option value="">{t('none')}</option>
          {cards.map((c) => (
            <option key={c.id} value={c.id}>
              #{c.id} {name(c)}
            </option>
          ))}
        </select>
        {errors.last_one_card_id?.map((m) => (
          <small key={m} className="a-error" role="alert">
            {m}
          </small>
        ))}
      </div>
    </fieldset>
  );
}
