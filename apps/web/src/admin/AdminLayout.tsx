import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { can } from '@oripa/core/admin';
import { switchLanguage } from '../i18n';
import { staffLogout } from './api/session';
import { useStaff } from './components/RequireStaff';
import { NoticeBell } from './components/NoticeBell';
import { adminPages, noticesPage } from './routes';

/** The document title of the page in view. */
function usePageTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const page = [...adminPages, noticesPage].find((p) => matchPath(p.path, pathname));
  const title = page ? t(page.titleKey) : t('admin-nav:home');
  useEffect(() => {
    document.title = `${title} | ${t('admin-common:console')}`;
  }, [title, t]);
}

/** The console's frame: header (staff, language, sign out), the navigation of the pages the role may open. */
export function AdminLayout() {
  const { t, i18n } = useTranslation('admin-common');
  const staff = useStaff();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  usePageTitle();
  useEffect(() => setMenuOpen(false), [pathname]);

  const nav = adminPages.filter((p) => p.nav !== false && can(staff.role, p.permission));
  const other = i18n.language === 'en' ? 'ja' : 'en';

  async function logout() {
    await staffLogout();
    queryClient.clear();
    void navigate('/admin/login', { replace: true });
  }

  return (
    <div className="a-shell">
      <a className="a-skip" href="#admin-main">
        {t('skip')}
      </a>
      <header className="a-header">
        <button
          type="button"
          className="a-menu-button"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {t('menu')}
        </button>
        <NavLink to="/admin" className="a-brand" end>
          {t('console')}
        </NavLink>
        <div className="a-header-end">
          <NoticeBell />
          <span className="a-whoami">
            {staff.name} <span className="a-role">{t(`roles.${staff.role}`)}</span>
          </span>
          <button type="button" className="a-link-button" lang={other} onClick={() => void switchLanguage(other)}>
            {other === 'en' ? 'English' : '日本語'}
          </button>
          <button type="button" className="a-link-button" onClick={() => void logout()}>
            {t('logout')}
          </button>
        </div>
      </header>
      <div className="a-body">
        <nav id="admin-nav" className="a-nav" data-open={menuOpen} aria-label={t('navLabel')}>
          <ul>
            {nav.map((p) => (
              <li key={p.path}>
                <NavLink to={p.path}>{t(p.titleKey)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" className="a-main" tabIndex={-1}>
          <Suspense fallback={<p className="a-loading">{t('loading')}</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

/** /admin: the first page the role may open. */
export function AdminHome() {
  const staff = useStaff();
  const { t } = useTranslation('admin-common');
  const first = adminPages.find((p) => p.nav !== false && can(staff.role, p.permission));
  const navigate = useNavigate();
  useEffect(() => {
    if (first) void navigate(first.path, { replace: true });
  }, [first, navigate]);
  return <p className="a-loading">{first ? t('loading') : t('nothingToDo')}</p>;
}
