import { bannerSchema, cardTypeSchema, couponSchema, pointCourseSchema, postSchema } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isOk } from '../../../api/client';
import {
  deleteBanner,
  fetchContent,
  saveContent,
  setBannerMode,
  type ContentKind,
  type ContentRow,
} from '../../api/catalogue';
import { FormAlert } from '../../components/Field';
import { FieldList, type FieldDef } from '../../components/FieldList';
import { SaveCancel } from '../../components/FormCard';
import { useConsoleForm } from '../../hooks/use-console-form';
import '../cards/catalogue.css';

/** Each kind of content: its form's fields (the core schema validates them) and the columns its table shows. */
const KINDS: Record<ContentKind, { schema: z.ZodType; fields: FieldDef[]; columns: string[]; idField?: boolean }> = {
  banners: {
    schema: bannerSchema,
    fields: [
      { name: 'file_name', kind: 'image' },
      { name: 'alt', kind: 'text' },
      // The English version: English pages show it, or the Japanese one while it is empty.
      { name: 'file_name_en', kind: 'image' },
      { name: 'alt_en', kind: 'text' },
      // A picture without words: the shop prints the alt text of the page's language over it (issue 24 §3).
      { name: 'caption', kind: 'flag' },
      { name: 'link_url', kind: 'text' },
      { name: 'sort', kind: 'number' },
      { name: 'starts_at', kind: 'datetime' },
      { name: 'ends_at', kind: 'datetime' },
      { name: 'active', kind: 'flag' },
    ],
    columns: ['file_name', 'link_url', 'sort', 'starts_at', 'ends_at', 'active'],
  },
  posts: {
    schema: postSchema,
    fields: [
      { name: 'title', kind: 'text' },
      { name: 'last_name', kind: 'text' },
      { name: 'first_name', kind: 'text' },
      { name: 'content', kind: 'textarea' },
      { name: 'images', kind: 'images' },
      { name: 'title_en', kind: 'text' },
      { name: 'content_en', kind: 'textarea' },
      { name: 'images_en', kind: 'images' },
      { name: 'published_at', kind: 'datetime' },
    ],
    columns: ['title', 'last_name', 'published_at'],
  },
  'card-types': {
    schema: cardTypeSchema,
    fields: [
      { name: 'id', kind: 'number' },
      { name: 'name_ja', kind: 'text' },
      { name: 'name_en', kind: 'text' },
      { name: 'sort', kind: 'number' },
      { name: 'coming_soon', kind: 'flag' },
    ],
    columns: ['id', 'name_ja', 'name_en', 'coming_soon', 'sort'],
    idField: true,
  },
  'point-courses': {
    schema: pointCourseSchema,
    fields: [
      { name: 'currency', kind: 'select', options: ['point', 'coin'] },
      { name: 'point', kind: 'number' },
      { name: 'price', kind: 'number' },
      { name: 'memo', kind: 'text' },
      { name: 'memo_en', kind: 'text' },
      { name: 'sort', kind: 'number' },
      { name: 'active', kind: 'flag' },
    ],
    columns: ['currency', 'point', 'price', 'memo', 'sold', 'active'],
  },
  coupons: {
    schema: couponSchema,
    fields: [
      { name: 'code', kind: 'text' },
      { name: 'kind', kind: 'select', options: ['points', 'bonus'] },
      { name: 'point', kind: 'number' },
      { name: 'bonus_percent', kind: 'number' },
      { name: 'starts_at', kind: 'datetime' },
      { name: 'ends_at', kind: 'datetime' },
      { name: 'max_uses', kind: 'number' },
      { name: 'per_member_limit', kind: 'number' },
      { name: 'memo', kind: 'text' },
    ],
    columns: [
      'code',
      'kind',
      'point',
      'bonus_percent',
      'used_count',
      'max_uses',
      'members',
      'points_granted',
      'ends_at',
    ],
  },
};
const TABS = Object.keys(KINDS) as ContentKind[];

/** A stored row → the form's text values (wire times to datetime-local, flags to booleans). */
function toForm(fields: FieldDef[], row: ContentRow | null): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = row?.[f.name];
      if (f.kind === 'flag') return [f.name, row ? Boolean(v) : f.name !== 'coming_soon'];
      if (f.kind === 'images') return [f.name, (v as string[] | undefined) ?? []];
      if (f.kind === 'datetime') return [f.name, typeof v === 'string' ? v.slice(0, 16).replace(' ', 'T') : ''];
      if (f.kind === 'select') return [f.name, (v as string | undefined) ?? f.options![0]];
      return [f.name, v === null || v === undefined ? '' : String(v)];
    }),
  );
}

/** The request body: flags as '0'/'1'; an empty number is left out, so the schema's default applies. */
const toBody = (fields: FieldDef[], v: Record<string, unknown>) =>
  Object.fromEntries(
    fields
      .filter((f) => !(f.kind === 'number' && v[f.name] === ''))
      .map((f) => [f.name, f.kind === 'flag' ? (v[f.name] ? '1' : '0') : v[f.name]]),
  );

/** /admin/content (operator): banners, community posts, card types, point courses and coupons. */
export function ContentPage() {
  const { t } = useTranslation('admin-content');
  const [tab, setTab] = useState<ContentKind>('banners');
  return (
    <>
      <h1>{t('title')}</h1>
      <div className="a-tabs" role="tablist" aria-label={t('title')}>
        {TABS.map((k) => (
          <button key={k} type="button" role="tab" aria-selected={k === tab} onClick={() => setTab(k)}>
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      <ContentKindView key={tab} kind={tab} />
    </>
  );
}

function ContentKindView({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation('admin-content');
  const def = KINDS[kind];
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['admin', 'content', kind], queryFn: () => fetchContent(kind) });
  const [editing, setEditing] = useState<ContentRow | 'new' | null>(null);
  const rows = isOk(list.data) ? list.data.rows : [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'content', kind] });
  const cell = (row: ContentRow, c: string) => {
    const v = row[c];
    if (c === 'file_name')
      return <img className="a-thumb" src={String(v)} alt={String(row.alt ?? '')} width={44} height={44} />;
    if (typeof v === 'boolean') return v ? t('yes') : t('no');
    if (c === 'kind' || c === 'currency') return t(`kinds.${String(v)}`);
    return v === null || v === undefined || v === '' ? '—' : typeof v === 'number' ? v.toLocaleString() : String(v);
  };
  return (
    <section aria-label={t(`tabs.${kind}`)}>
      {kind === 'banners' && isOk(list.data) ? (
        <label className="a-check">
          <input
            type="checkbox"
            checked={list.data.mode === '1'}
            onChange={async (e) => {
              await setBannerMode(e.target.checked ? '1' : '0');
              await refresh();
            }}
          />
          {t('bannerMode')}
        </label>
      ) : null}
      <p>
        <button type="button" className="a-primary" onClick={() => setEditing('new')}>
          {t('add')}
        </button>
      </p>
      {editing ? (
        <ContentForm
          kind={kind}
          row={editing === 'new' ? null : editing}
          onDone={async () => {
            setEditing(null);
            await refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <div className="a-card" style={{ padding: 0, overflowX: 'auto' }}>
        <table className="a-plain">
          <caption className="a-skip">{t(`tabs.${kind}`)}</caption>
          <thead>
            <tr>
              {def.columns.map((c) => (
                <th key={c} scope="col">
                  {t(`fields.${c}`)}
                </th>
              ))}
              <th scope="col">
                <span className="a-skip">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {def.columns.map((c) => (
                  <td key={c}>{cell(row, c)}</td>
                ))}
                <td>
                  <div className="a-row">
                    <button type="button" className="a-link-button" onClick={() => setEditing(row)}>
                      {t('edit')}
                    </button>
                    {kind === 'banners' ? (
                      <button
                        type="button"
                        className="a-link-button"
                        onClick={async () => {
                          if (!window.confirm(t('deleteConfirm'))) return;
                          await deleteBanner(row.id);
                          await refresh();
                        }}
                      >
                        {t('delete')}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && isOk(list.data) ? (
          <p className="a-hint" style={{ padding: 12 }}>
            {t('empty')}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function ContentForm({
  kind,
  row,
  onDone,
  onCancel,
}: {
  kind: ContentKind;
  row: ContentRow | null;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin-content');
  const def = KINDS[kind];
  const { form, isSubmitting, general, submitTo } = useConsoleForm<Record<string, unknown>>({
    schema: def.schema,
    defaultValues: toForm(def.fields, row),
    toBody: (v) => toBody(def.fields, v),
    fields: def.fields.map((f) => f.name),
  });
  const onSubmit = submitTo({
    send: (body) => saveContent(kind, def.idField ? null : (row?.id ?? null), body),
    onSuccess: onDone,
  });

  return (
    <FormProvider {...form}>
      <form className="a-card" onSubmit={onSubmit} noValidate aria-label={row ? t('edit') : t('add')}>
        <FormAlert messages={general} />
        <div className="a-grid">
          <FieldList
            fields={def.fields}
            label={(name) => t(`fields.${name}`)}
            optionLabel={(o) => t(`kinds.${o}`)}
            // A card type's id is its key: fixed once it exists.
            disabled={(name) => Boolean(def.idField && name === 'id' && row !== null)}
          />
        </div>
        <SaveCancel busy={isSubmitting} onCancel={onCancel} />
      </form>
    </FormProvider>
  );
}
