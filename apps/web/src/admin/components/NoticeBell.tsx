import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useUnreadNotices } from '../api/notices';

/** The header's way to the inbox, with the unread count (99+ beyond 99; the server counts up to 100). */
export function NoticeBell() {
  const { t } = useTranslation('admin-notices');
  const unread = useUnreadNotices();
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <NavLink
      to="/admin/notices"
      className="a-bell"
      aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')}
    >
      <span aria-hidden="true">{t('bellShort')}</span>
      {unread > 0 ? (
        <span className="a-bell-count" aria-hidden="true" data-testid="unread-count">
          {shown}
        </span>
      ) : null}
    </NavLink>
  );
}
