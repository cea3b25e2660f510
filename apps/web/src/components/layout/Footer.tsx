import { EXTERNAL_LINK_KEYS, SUPPORT_HOURS } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCardTypes, useSiteInfo } from '../../api/site';
import { ExternalIcon } from './icons';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import styles from './Footer.module.css';

// The static pages spec section 2 opens in a new tab.
const ABOUT_LINKS = [
  { href: '/user-guide/', key: 'footer.userGuide' },
  { href: '/terms/', key: 'footer.terms' },
  { href: '/policy/', key: 'footer.privacy' },
  { href: '/notation/', key: 'footer.notation' },
] as const;

/** One of the static pages, opened in a new tab as the spec says. */
function AboutLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation('layout');
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {label}
      <ExternalIcon className={styles.ext} />
      <span className="visually-hidden">{t('opensNewTab')}</span>
    </a>
  );
}

/**
 * Footer: categories (card type 1 and 2), about links, contact, and the operator's copyright. On a checkout page
 * (`checkout`) only what a buyer about to pay may need: the legal pages, contact and the operator (issue 23: the
 * full footer was a third of the confirm page on a phone).
 */
export function Footer({ checkout = false }: { checkout?: boolean }) {
  const { t, i18n } = useTranslation('layout');
  const cardTypes = useCardTypes();
  const { data: info } = useSiteInfo();
  const en = i18n.language === 'en';
  const operator = info ? (en ? info.operator.nameEn : info.operator.name) : '';
  const hours = info?.support_hours ?? SUPPORT_HOURS;
  const mail = info?.operator.email;
  const phone = info?.operator.phone;
  const licence = info?.antique_dealer_licence;
  const year = new Date().getFullYear();
  // The number beside its hours, so a buyer can call from the footer (issue 24); the hours alone until site_info
  // answers.
  const contact = phone ? (
    <p className={styles.hours}>
      {t('footer.phoneLabel')} <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
      <br />
      {t('footer.phoneHours', { open: hours.open, close: hours.close })}
    </p>
  ) : (
    <p className={styles.hours}>{t('footer.hours', { open: hours.open, close: hours.close })}</p>
  );
  const copyright = (
    <p className={styles.copyright}>
      {licence ? <small className={styles.licence}>{t('footer.antiqueDealerLicence', { licence })}</small> : null}
      <small>{operator ? t('footer.copyright', { year, operator }) : '\u00a0'}</small>
    </p>
  );
  const contactLink = <a href={mail ? `mailto:${mail}` : '/user-guide/'}>{t('footer.contact')}</a>;

  if (checkout)
    return (
      <footer className={`${styles.footer} ${styles.checkout}`}>
        <nav className={styles.inner} aria-label={t('footer.about')}>
          <ul className={styles.inline}>
            {ABOUT_LINKS.map((l) => (
              <li key={l.href}>
                <AboutLink href={l.href} label={t(l.key)} />
              </li>
            ))}
            <li>{contactLink}</li>
          </ul>
          {contact}
        </nav>
        {copyright}
      </footer>
    );

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to="/" aria-label={t('logoLabel')} className={styles.logo}>
            <Logo className={styles.logoSvg} />
          </Link>
          <p className={styles.tagline}>{t('footer.tagline')}</p>
          <LanguageSwitcher />
        </div>
        <nav className={styles.columns} aria-label={t('footer.about')}>
          <div>
            <h2 className={styles.heading}>{t('footer.categories')}</h2>
            <ul className={styles.list}>
              {cardTypes.map((c) => (
                <li key={c.id}>
                  <Link to={`/pack-list?index=${c.id}`}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className={styles.heading}>{t('footer.about')}</h2>
            <ul className={styles.list}>
              {ABOUT_LINKS.map((l) => (
                <li key={l.href}>
                  <AboutLink href={l.href} label={t(l.key)} />
                </li>
              ))}
              <li>
                <Link to="/fairness">{t('footer.fairness')}</Link>
              </li>
              {/* The spec's external links, as the owner set them in the console; an empty one is not shown. */}
              {EXTERNAL_LINK_KEYS.filter((k) => info?.links[k]).map((k) => (
                <li key={k}>
                  <AboutLink href={info!.links[k]} label={t(`footer.links.${k}`)} />
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className={styles.heading}>{t('footer.support')}</h2>
            <ul className={styles.list}>
              <li>{contactLink}</li>
            </ul>
            {contact}
          </div>
        </nav>
      </div>
      {copyright}
    </footer>
  );
}
