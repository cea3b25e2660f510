import type { AdminMemberDetail } from '@oripa/core/admin';
import { useTranslation } from 'react-i18next';

type IdleFields = Pick<
  AdminMemberDetail,
  'last_activity_at' | 'idle_closes_at' | 'idle_notice_sent_at' | 'closed_at' | 'closed_reason'
>;

/**
 * The idle rule on the member page (spec section 9; ADR 0037), as rows of the page's <dl>: the last point
 * purchase, use or exchange, then when the account closes if nothing happens and whether its notice went out,
 * or, once closed, when and why.
 */
export function IdleStanding({ member: m }: { member: IdleFields }) {
  const { t } = useTranslation('admin-members');
  return (
    <>
      <dt>{t('lastActive')}</dt>
      <dd data-testid="last-activity">{m.last_activity_at}</dd>
      {m.closed_at ? (
        <>
          <dt>{t('closed')}</dt>
          <dd data-testid="closed">
            {t('closedOn', { at: m.closed_at, reason: t(`closedReasons.${m.closed_reason || 'withdrawal'}`) })}
          </dd>
        </>
      ) : (
        <>
          <dt>{t('idleCloses')}</dt>
          <dd data-testid="idle-closes">{m.idle_closes_at}</dd>
          <dt>{t('idleNotice')}</dt>
          <dd data-testid="idle-notice">
            {m.idle_notice_sent_at ? t('idleNoticeSent', { at: m.idle_notice_sent_at }) : t('idleNoticeNotYet')}
          </dd>
        </>
      )}
    </>
  );
}

/** The heading's badge of a closed account. */
export function ClosedBadge({ member: m }: { member: IdleFields }) {
  const { t } = useTranslation('admin-members');
  if (!m.closed_at) return null;
  return (
    <span className="a-badge" data-tone="danger">
      {t('closedBadge', { reason: t(`closedReasons.${m.closed_reason || 'withdrawal'}`) })}
    </span>
  );
}
