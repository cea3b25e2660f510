import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './NotationButtons.module.css';

/**
 * The point-course page's three notation buttons. The spec's handlers did nothing (spec section 2); issue 13 asks
 * them to open their pages: the commercial-transactions notice, the payment-services notice and the point terms.
 */
const NOTATIONS = [
  { key: 'commerce', to: '/specific-commerce' },
  { key: 'fund', to: '/fund-settlement' },
  { key: 'terms', to: '/point-terms-of-service' },
] as const;

export function NotationButtons() {
  const { t } = useTranslation('payment');
  return (
    <nav className={styles.notation} aria-labelledby="notation-heading">
      <h2 id="notation-heading" className="visually-hidden">
        {t('buyPoint.notationHeading')}
      </h2>
      {NOTATIONS.map((n) => (
        <Link key={n.key} to={n.to} className={styles.button}>
          {t(`buyPoint.notation.${n.key}`)}
        </Link>
      ))}
    </nav>
  );
}
