import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  CURRENT_USER_KEY,
  logout as endSession,
  useCurrentUser,
  USER_DETAIL_KEY,
  useUserDetail,
} from '../../../api/account';
import { AddressModal } from '../../account/AddressModal';
import { CloseIcon, CoinIcon, ExternalIcon } from '../icons';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { AddressArea } from './AddressArea';
import { CouponForm } from './CouponForm';
import { RankArea } from './RankArea';
import { ReferralCode } from './ReferralCode';
import { useFocusTrap } from '../../../hooks/use-focus-trap';
import styles from './SideMenu.module.css';
import { num } from '../../../lib/format/datetime';

const RANK_HELP_URL = '/user-guide/';

// The maintenance modals load when the member opens them (the menu is in every page's first bundle).
const RankMaintenanceModals = lazy(async () => {
  const [m] = await Promise.all([import('../../programmes/RankMaintenanceModals'), loadProgrammes()]);
  return { default: m.RankMaintenanceModals };
});
const loadProgrammes = () => import('../../../i18n/lazy-namespaces').then((m) => m.loadProgrammesStrings());

export interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  /** The button that opened the menu; focus returns there on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The side menu 'My page' (spec section 2): an accessible drawer (dialog semantics, focus kept inside, Escape and
 * the backdrop close it) with points and coupon, rank, shipping address, histories, promotions, SMS, referral
 * code, legal links and logout.
 */
export function SideMenu({ open, onClose, returnFocusTo }: SideMenuProps) {
  const { t } = useTranslation('layout');
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const qc = useQueryClient();
  const { data: user } = useCurrentUser();
  const { data: detailReply } = useUserDetail({ enabled: open });
  const [addressOpen, setAddressOpen] = useState(false);
  const [rankOpen, setRankOpen] = useState(false);
  const close = useCallback(() => onClose(), [onClose]);

  // Active only once the panel is on screen (it waits for the current user).
  useFocusTrap(panel, open && Boolean(user), close, returnFocusTo, addressOpen || rankOpen);

  // A route change (any link inside) closes the menu.
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (open && pathname !== openedAt.current) close();
    openedAt.current = pathname;
  }, [pathname, open, close]);

  // The page behind must not scroll under the drawer.
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  if (!open || !user) return null;

  const logout = async () => {
    await endSession();
    close();
    // Leave first: refreshing the user while still on a member page would make its route guard send us to /login.
    await navigate('/');
    qc.removeQueries({ queryKey: USER_DETAIL_KEY });
    await qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
  const detail = detailReply?.state === 200 ? detailReply.detail : undefined;
  const fmt = (n: string | undefined) => num(n ?? 0);

  // Portalled to <body>: the sticky header's backdrop-filter would otherwise become the drawer's containing block.
  return createPortal(
    <>
      <div className={styles.backdrop} onClick={close} aria-hidden="true" />
      <div
        id="side-menu"
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="side-menu-title"
      >
        <div className={styles.head}>
          <div>
            <h2 id="side-menu-title" className={styles.heading}>
              {t('menu.title')}
            </h2>
            {detail && (
              <p className={styles.greeting}>
                {t('menu.greeting', { lastName: detail.lastName, firstName: detail.firstName })}
              </p>
            )}
          </div>
          <button type="button" className={styles.close} onClick={close} aria-label={t('menu.close')} data-autofocus>
            <CloseIcon />
          </button>
        </div>

        <div className={styles.langRow}>
          <span className={styles.label}>{t('lang.label')}</span>
          <LanguageSwitcher />
        </div>

        <section className={styles.wallet} aria-label={t('menu.points')}>
          <div className={styles.balances}>
            <div>
              <p className={styles.label}>{t('menu.points')}</p>
              <p className={styles.balance}>
                <CoinIcon />
                {t('menu.pointValue', { point: fmt(user.point) })}
              </p>
            </div>
            <div>
              <p className={styles.label}>{t('menu.coins')}</p>
              <p className={styles.coinBalance}>{t('menu.coinValue', { coin: fmt(user.coin) })}</p>
            </div>
          </div>
          <Link to="/buy-point" className={styles.primaryButton} onClick={close}>
            {t('menu.charge')}
          </Link>
          <Link to="/buy-coin" className={styles.inlineLink} onClick={close}>
            {t('menu.coinLink')}
          </Link>
          <CouponForm
            onUsed={(message) => {
              close();
              void navigate('/buy-point', { state: { notice: message } });
            }}
          />
        </section>

        <RankArea user={user} onMaintain={() => setRankOpen(true)} />
        <p className={styles.inlineLink}>
          <ExtLink href={RANK_HELP_URL}>{t('menu.rank.help')}</ExtLink>
        </p>

        <AddressArea onEdit={() => setAddressOpen(true)} />

        <nav aria-label={t('menu.title')}>
          <LinkGroup title={t('menu.history.title')}>
            <MenuLink to="/buy-product-history" onClick={close}>
              {t('menu.history.product')}
            </MenuLink>
            <MenuLink to="/buy-point-history" onClick={close}>
              {t('menu.history.point')}
            </MenuLink>
            <MenuLink to="/coin-history" onClick={close}>
              {t('menu.history.coin')}
            </MenuLink>
          </LinkGroup>

          <LinkGroup title={t('menu.account.title')}>
            <MenuLink to="/sms" onClick={close}>
              <span>{t('menu.sms.link')}</span>
              {user.end_sms === '1' ? (
                <span className={styles.verified}>{t('menu.sms.verified')}</span>
              ) : (
                <span className={styles.reward}>{t('menu.sms.reward')}</span>
              )}
            </MenuLink>
            <MenuLink to="/my-page" onClick={close}>
              {t('menu.account.myPage')}
            </MenuLink>
            <MenuLink to="/change-password" onClick={close}>
              {t('menu.account.changePassword')}
            </MenuLink>
            <MenuLink to="/transfer-point" onClick={close}>
              {t('menu.account.transferPoint')}
            </MenuLink>
            <MenuLink to="/withdraw" onClick={close}>
              {t('menu.withdraw')}
            </MenuLink>
            <MenuLink to="/exchange-card" onClick={close}>
              {t('menu.account.exchange')}
            </MenuLink>
          </LinkGroup>

          <LinkGroup title={t('menu.promo.title')}>
            <li>
              <Link className={styles.promo} to="/daily-draw" onClick={close}>
                <span className={styles.promoTitle}>{t('menu.promo.messaging')}</span>
                <span className={styles.promoNote}>{t('menu.promo.messagingNote')}</span>
              </Link>
            </li>
            <li>
              <Link className={`${styles.promo} ${styles.promoAlt}`} to="/sns-campaign" onClick={close}>
                <span className={styles.promoTitle}>{t('menu.promo.social')}</span>
                <span className={styles.promoNote}>{t('menu.promo.socialNote')}</span>
              </Link>
            </li>
          </LinkGroup>
        </nav>

        {detail?.referral_code && <ReferralCode code={detail.referral_code} />}

        <LinkGroup title={t('menu.legal.title')} small>
          <MenuLink to="/terms-of-service" onClick={close}>
            {t('menu.legal.terms')}
          </MenuLink>
          <li>
            <ExtLink href="/user-guide/" className={styles.link}>
              {t('menu.legal.faq')}
            </ExtLink>
          </li>
          <MenuLink to="/privacy-protection" onClick={close}>
            {t('menu.legal.privacy')}
          </MenuLink>
          <MenuLink to="/specific-commerce" onClick={close}>
            {t('menu.legal.commerce')}
          </MenuLink>
        </LinkGroup>

        {user.is_login === '1' && (
          <button type="button" className={styles.logout} onClick={() => void logout()}>
            {t('menu.logout')}
          </button>
        )}
      </div>
      <AddressModal open={addressOpen} onClose={() => setAddressOpen(false)} onSaved={() => setAddressOpen(false)} />
      {rankOpen && (
        <Suspense fallback={null}>
          <RankMaintenanceModals user={user} open={rankOpen} onClose={() => setRankOpen(false)} />
        </Suspense>
      )}
    </>,
    document.body,
  );
}

function LinkGroup({ title, children, small }: { title: string; children: ReactNode; small?: boolean }) {
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      <ul className={small ? styles.smallLinks : styles.links}>{children}</ul>
    </section>
  );
}

function MenuLink({ to, onClick, children }: { to: string; onClick: () => void; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={styles.link} onClick={onClick}>
        {children}
      </Link>
    </li>
  );
}

function ExtLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const { t } = useTranslation('layout');
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <ExternalIcon className={styles.ext} />
      <span className="visually-hidden">{t('opensNewTab')}</span>
    </a>
  );
}
