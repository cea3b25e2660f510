import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import page from './PackPages.module.css';
import { Celebration } from '../../components/pack/PackIcons';

/** /thank-you: the end of a coin purchase (after the reveal). */
export function ThankYouPage() {
  const { t } = useTranslation('pack');
  return (
    <section className={`${page.page} ${page.narrow} ${page.center}`} aria-labelledby="thanks-title">
      <div className={`${page.panel} ${page.celebrate}`}>
        <Celebration />
        <h1 id="thanks-title" className={page.h1}>
          {t('thanks.title')}
        </h1>
        <p className={page.dim}>{t('thanks.body')}</p>
      </div>
      <div className={page.actions}>
        <Link className={page.secondary} to="/buy-product-history">
          {t('thanks.history')}
        </Link>
        <Link className={page.primary} to="/">
          {t('backToTop')}
        </Link>
      </div>
    </section>
  );
}
