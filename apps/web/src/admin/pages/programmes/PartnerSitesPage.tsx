import type { AdminPartnerSiteRow } from '@oripa/core/admin';
import { fetchPartnerSites, setPartnerSiteEnabled } from '../../api/programmes';
import { NAME_CELL, ProgrammeHead, ProgrammeTable } from './ProgrammeTable';
import { useProgrammeList } from './use-programme-list';

/** /admin/programmes/partners: partner sites members move points from, their figures, enable or disable. */
export function PartnerSitesPage() {
  const { t, canWrite, rows, empty, notice, report } = useProgrammeList('partner-sites', fetchPartnerSites);

  async function toggle(s: AdminPartnerSiteRow) {
    if (s.active && !window.confirm(t('partners.disableConfirm', { name: s.name }))) return;
    const reply = await setPartnerSiteEnabled(s.id, !s.active);
    await report(reply, t(s.active ? 'partners.disabled' : 'partners.enabled', { name: s.name }));
  }

  return (
    <>
      <ProgrammeHead title={t('partners.title')} lead={t('partners.lead')} notice={notice} />
      <ProgrammeTable
        caption={t('partners.title')}
        headers={[
          t('partners.name'),
          t('partners.adapter'),
          t('partners.links'),
          t('partners.transfers'),
          t('partners.moved'),
          t('status'),
        ]}
        withActions={canWrite}
        empty={empty}
      >
        {rows.map((s) => (
          <tr key={s.id}>
            <td style={NAME_CELL}>
              {s.name}
              <br />
              <small className="a-hint">{s.name_en}</small>
            </td>
            <td>
              {t(`partners.adapters.${s.adapter}`)}
              {s.endpoint ? (
                <>
                  <br />
                  <small className="a-hint" style={{ wordBreak: 'break-all' }}>
                    {s.endpoint}
                  </small>
                </>
              ) : null}
            </td>
            <td>{s.links.toLocaleString()}</td>
            <td>
              {t('partners.transferCounts', {
                done: s.transfers_done,
                pending: s.transfers_pending,
                failed: s.transfers_failed,
              })}
            </td>
            <td>{t('points', { value: s.points_moved.toLocaleString() })}</td>
            <td>
              <span className="a-badge" data-tone={s.active ? 'ok' : 'danger'}>
                {t(s.active ? 'partners.on' : 'partners.off')}
              </span>
            </td>
            {canWrite ? (
              <td>
                <button type="button" className={s.active ? 'a-danger' : undefined} onClick={() => void toggle(s)}>
                  {t(s.active ? 'partners.disable' : 'partners.enable')}
                  <span className="a-skip">{` ${s.name}`}</span>
                </button>
              </td>
            ) : null}
          </tr>
        ))}
      </ProgrammeTable>
    </>
  );
}
