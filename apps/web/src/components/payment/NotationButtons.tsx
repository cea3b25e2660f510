import { useTranslation } from 'react-i18next';
import styles from './NotationButtons.module.css';

/**
 * The point-course page's three notation buttons. Spec section 2: "The point-course page has three buttons for
 * notation pages whose handlers do nothing." They are kept as the spec has them; the same notices are reachable as
 * real links on the confirmation step and in the footer and side menu.
 */
const noop = () => {};

export function NotationButtons() {
  const { t } = useTranslation('payment');
  return (
    <section className={styles.notation} aria-labelledby="notation-heading">
      <h2 id="notation-heading" className="visually-hidden">
        {t('buyPoint.notationHeading')}
      </h2>
      <button type="button" onClick={noop}>
        {t('buyPoint.notation.commerce')}
      </button>
      <button type="button" onClick={noop}>
        {t('buyPoint.notation.fund')}
      </button>
      <button type="button" onClick={noop}>
        {t('buyPoint.notation.terms')}
      </button>
    </section>
  );
}
