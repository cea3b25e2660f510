import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isLoggedIn, useCurrentUser } from '../../api/account';
import { useHeaderSlotState } from '../../hooks/use-header-slot';
import { useOpenedOnce } from '../../hooks/use-opened-once';
import { moreStrings } from '../../i18n';
import { AccountIcon, ChevronLeftIcon, CoinIcon } from './icons';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import styles from './Header.module.css';
import { num } from '../../lib/format/datetime';

// Only members have it, and its forms (coupon, address) bring the form libraries (about 50 kB): fetched when the
// member points at or focuses the menu button, or taps it, not with every page (on /my-page they held back the
// page's own first render; issue 13). It renders nothing until opened.
const loadSideMenu = () => Promise.all([import('./side-menu/SideMenu'), moreStrings()]);
const SideMenu = lazy(() => loadSideMenu().then(([m]) => ({ default: m.SideMenu })));

// The shipping screens of spec section 2 carry the 'select items to ship' title even before their page sets one.
const SHIPPING_PATHS = ['/get-card-list', '/confirm-get-card-list'];

/**
 * The shared header: logo, language switcher, and for guests a login/register link, for members the point balance
 * (→ /buy-point) and the account button that opens the side menu. A second row carries the page's context: the
 * 'back to gacha list' link on /pack-detail, or the shipping title with 'skip shipping' (see hooks/use-header-slot.tsx).
 */
export function Header() {
  const { t } = useTranslation('layout');
  const { pathname, search } = useLocation();
  const { data: user, isPending } = useCurrentUser();
  const slot = useHeaderSlotState();
  const menu = useOpenedOnce();
  const menuButton = useRef<HTMLButtonElement>(null);
  const member = isLoggedIn(user);

  const onShipping = SHIPPING_PATHS.includes(pathname);
  const title = slot.title ?? (onShipping ? t('header.shipTitle') : undefined);
  const showBack = pathname === '/pack-detail';
  const point = num(user?.point ?? 0);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.logo} aria-label={t('logoLabel')}>
          <Logo className={styles.logoSvg} variant="auto" />
        </Link>
        <div className={styles.actions}>
          <LanguageSwitcher className={member ? styles.switcherMember : undefined} />
          {isPending ? (
            <span className={styles.placeholder} aria-hidden="true" />
          ) : member ? (
            <>
              <Link to="/buy-point" className={styles.points} aria-label={t('header.pointBalanceLabel', { point })}>
                <CoinIcon className={styles.coin} />
                <span className={styles.pointValue}>{t('header.pointBalance', { point })}</span>
              </Link>
              <button
                ref={menuButton}
                type="button"
                className={styles.account}
                aria-label={t('header.openMenu')}
                aria-haspopup="dialog"
                aria-expanded={menu.open}
                aria-controls="side-menu"
                onPointerEnter={() => void loadSideMenu()}
                onFocus={() => void loadSideMenu()}
                onClick={menu.show}
              >
                <AccountIcon />
              </button>
            </>
          ) : (
            <Link to="/login" state={{ from: `${pathname}${search}` }} className={styles.login}>
              {t('header.loginRegister')}
            </Link>
          )}
        </div>
      </div>
      {(showBack || title) && (
        <div className={styles.context}>
          {showBack && !title && (
            <Link to={slot.backTo ?? '/'} className={styles.back}>
              <ChevronLeftIcon />
              {t('header.backToList')}
            </Link>
          )}
          {title && <p className={styles.title}>{title}</p>}
          {title && slot.hasSkip && (
            <button type="button" className={styles.skip} onClick={slot.skip}>
              {t('header.skipShipping')}
            </button>
          )}
        </div>
      )}
      {member && menu.mounted && (
        <Suspense fallback={null}>
          <SideMenu open={menu.open} onClose={menu.hide} returnFocusTo={menuButton} />
        </Suspense>
      )}
    </header>
  );
}
