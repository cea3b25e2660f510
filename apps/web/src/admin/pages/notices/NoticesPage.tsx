import type { StaffNoticeView } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { firstError, isOk } from '../../../api/client';
import { fetchNotices, markNoticesRead, UNREAD_KEY } from '../../api/notices';
import { TabBar } from '../../components/TabBar';

type View = 'unread' | 'all';
const yen = (n: number) => n.toLocaleString('ja-JP');

/**
 * /admin/notices: what the console tells this staff member (ADR 0046): packs sold out, mails that failed for good,
 * parcels on hold, bank transfers and approvals waiting, each as the role's permissions cover it. Opening a notice
 * marks it read and goes to the thing; "mark all read" marks only what the list showed.
 */
export function NoticesPage() {
  const { t } = useTranslation('admin-notices');
  const [view, setView] = useState<View>('unread');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['admin', 'notices', 'list', view], queryFn: () => fetchNotices(view) });
  const rows = isOk(list.data) ? list.data.notices : [];
  const unread = isOk(list.data) ? list.data.unread : 0;

  async function read(m: { ids: number[] } | { upTo: number }) {
    const r = await markNoticesRead(m);
    if (!isOk(r)) {
      setError(firstError(r, 'ids') ?? firstError(r, 'general') ?? t('admin-common:failed'));
      return;
    }
    setError(null);
    queryClient.setQueryData(UNREAD_KEY, r);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'notices'] });
  }

  return (
    <>
      <h1>{t('title')}</h1>
      <p className="a-hint">{t('hint')}</p>
      <div className="a-row a-notices-bar">
        <TabBar
          label={t('title')}
          tabs={[
            { key: 'unread', label: t('unreadTab', { count: unread }) },
            { key: 'all', label: t('allTab') },
          ]}
          selected={view}
          onSelect={setView}
        />
        {rows.some((n) => !n.read) ? (
          <button type="button" onClick={() => void read({ upTo: rows[0]!.id })}>
            {t('markAll')}
          </button>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="a-alert">
          {error}
        </p>
      ) : null}
      {list.isFetching && rows.length === 0 ? <p className="a-loading">{t('admin-common:loading')}</p> : null}
      {!list.isFetching && rows.length === 0 ? <p>{t(view === 'unread' ? 'emptyUnread' : 'emptyAll')}</p> : null}
      <ul className="a-notices">
        {rows.map((n) => (
          <li key={n.id} className="a-notice-item" data-read={n.read} data-testid={`notice-${n.id}`}>
            <span className="a-badge" data-tone={TONE[n.kind]}>
              {t(`kinds.${n.kind}`)}
            </span>
            <Link to={n.link} className="a-notice-what" onClick={() => void (n.read ? null : read({ ids: [n.id] }))}>
              <NoticeText notice={n} />
            </Link>
            <time className="a-notice-when">{n.created_at}</time>
            {n.read ? (
              <span className="a-notice-read">{t('read')}</span>
            ) : (
              <button type="button" className="a-link-button" onClick={() => void read({ ids: [n.id] })}>
                {t('markRead')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

const TONE: Record<StaffNoticeView['kind'], 'danger' | 'ok' | undefined> = {
  'pack.sold_out': 'ok',
  'mail.failed': 'danger',
  'parcel.held': 'danger',
  'transfer.waiting': undefined,
  'approval.waiting': undefined,
};

/** What the notice is about, in a line. */
export function NoticeText({ notice: n }: { notice: StaffNoticeView }) {
  const { t, i18n } = useTranslation('admin-notices');
  const d = n.detail;
  switch (n.kind) {
    case 'pack.sold_out':
      return <>{t('text.soldOut', { name: (i18n.language === 'en' ? d.en : d.ja) || `#${n.subject_id}` })}</>;
    case 'mail.failed':
      return <>{t('text.mailFailed', { to: d.recipient ?? '', subject: d.subject ?? '' })}</>;
    case 'parcel.held':
      return <>{t('text.parcelHeld', { id: n.subject_id })}</>;
    case 'transfer.waiting':
      return <>{t('text.transferWaiting', { id: n.subject_id, amount: yen(d.amount ?? 0) })}</>;
    case 'approval.waiting':
      return <>{t('text.approvalWaiting', { id: n.subject_id })}</>;
  }
}
