import { snsCampaignSchema, type AdminSnsCampaignRow } from '@oripa/core/admin';
import { useState } from 'react';
import { fetchSnsCampaigns, saveSnsCampaign } from '../../api/programmes';
import { SettingsForm, toLocalInput, type SettingField, type SettingValues } from './SettingsForm';
import { ProgrammeHead, ProgrammeTable } from './ProgrammeTable';
import { useProgrammeList } from './use-programme-list';

const FIELDS: SettingField[] = [
  { name: 'code', kind: 'text', fixedOnEdit: true },
  { name: 'point', kind: 'number' },
  { name: 'follow_url', kind: 'text' },
  { name: 'starts_at', kind: 'datetime' },
  { name: 'ends_at', kind: 'datetime' },
  { name: 'active', kind: 'flag' },
];

const toValues = (r: AdminSnsCampaignRow | null): SettingValues => ({
  code: r?.code ?? '',
  point: r ? String(r.point) : '',
  follow_url: r?.follow_url ?? '',
  starts_at: toLocalInput(r?.starts_at ?? null),
  ends_at: toLocalInput(r?.ends_at ?? null),
  active: r?.active ?? true,
});

/** /admin/programmes/sns: social-network follow campaigns (code, reward, window) and the claims so far. */
export function SnsCampaignsPage() {
  const { t, canWrite, rows, empty, notice, saved } = useProgrammeList('sns-campaigns', fetchSnsCampaigns);
  const [editing, setEditing] = useState<AdminSnsCampaignRow | 'new' | null>(null);
  const period = (r: AdminSnsCampaignRow) =>
    r.starts_at || r.ends_at
      ? `${r.starts_at?.slice(0, 16) ?? '…'} – ${r.ends_at?.slice(0, 16) ?? '…'}`
      : t('sns.always');

  return (
    <>
      <ProgrammeHead title={t('sns.title')} lead={t('sns.lead')} notice={notice} />
      {canWrite ? (
        <p>
          <button type="button" className="a-primary" onClick={() => setEditing('new')}>
            {t('sns.add')}
          </button>
        </p>
      ) : null}
      {editing ? (
        <SettingsForm
          key={editing === 'new' ? 'new' : editing.code}
          title={editing === 'new' ? t('sns.add') : t('sns.edit', { code: editing.code })}
          fields={FIELDS}
          schema={snsCampaignSchema}
          initial={toValues(editing === 'new' ? null : editing)}
          editing={editing !== 'new'}
          send={(body) => saveSnsCampaign(editing === 'new' ? null : editing.code, body)}
          onDone={async () => {
            setEditing(null);
            await saved();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <ProgrammeTable
        caption={t('sns.title')}
        headers={[t('fields.code'), t('fields.point'), t('sns.window'), t('sns.claims'), t('status')]}
        withActions={canWrite}
        empty={empty}
      >
        {rows.map((r) => (
          <tr key={r.code}>
            <td>
              <code>{r.code}</code>
              <br />
              <small className="a-hint" style={{ wordBreak: 'break-all' }}>
                {r.follow_url}
              </small>
            </td>
            <td>{t('points', { value: r.point.toLocaleString() })}</td>
            <td>{period(r)}</td>
            <td>{t('sns.claimCount', { count: r.claims, points: r.points_granted.toLocaleString() })}</td>
            <td>
              <span className="a-badge" data-tone={r.active ? 'ok' : 'danger'}>
                {t(r.active ? 'sns.active' : 'sns.inactive')}
              </span>
            </td>
            {canWrite ? (
              <td>
                <button type="button" className="a-link-button" onClick={() => setEditing(r)}>
                  {t('edit')}
                  <span className="a-skip">{` ${r.code}`}</span>
                </button>
              </td>
            ) : null}
          </tr>
        ))}
      </ProgrammeTable>
    </>
  );
}
