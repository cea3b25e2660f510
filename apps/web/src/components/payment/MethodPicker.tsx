import { groupMethods, type PayStyle } from '@oripa/core';
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ConfirmForm } from '../../lib/payment/confirm-form';
import { methodMark } from '../../lib/payment/method-brands';
import { BrandBadge } from './BrandMarks';
import styles from './Payment.module.css';

/**
 * The payment methods as one radio group (one name, so arrow keys move through every method), shown under the
 * groups of core's METHOD_GROUP_OF. Each group is a fieldset, so a screen reader names the group on entering it.
 * pickerProps tell the page whether the next change came from a tap or a key (a tap scrolls to the form).
 */
export function MethodPicker({
  methods,
  register,
  pickerProps,
}: {
  methods: readonly PayStyle[];
  register: UseFormRegister<ConfirmForm>;
  pickerProps: { onPointerDown: () => void; onKeyDown: () => void };
}) {
  const { t } = useTranslation('payment');
  return (
    <fieldset className={`${styles.card} ${styles.fieldsetCard}`} {...pickerProps}>
      {/* The page's h1 already says it on screen; the legend names the radio group for a screen reader. */}
      <legend className="visually-hidden">{t('confirm.methodLegend')}</legend>
      {groupMethods(methods).map(({ group, methods: inGroup }) => (
        <fieldset key={group} className={styles.methodGroup} data-group={group}>
          {/* A group of one method (konbini, bank, carrier) is named by its chip; the legend is for screen readers. */}
          <legend className={inGroup.length > 1 ? styles.groupLegend : 'visually-hidden'}>
            {t(`confirm.groups.${group}`)}
          </legend>
          <div className={styles.methodGrid}>
            {inGroup.map((m) => (
              <label key={m.id} className={`${styles.choice} ${styles.methodChoice}`}>
                <input
                  type="radio"
                  value={String(m.id)}
                  aria-label={m.name}
                  aria-describedby={m.memo ? `pay-${m.id}-about` : undefined}
                  {...register('payId')}
                />
                <BrandBadge brand={methodMark(m.id, m.name)} decorative />
                <span className={styles.methodName}>{m.name}</span>
                {m.memo && (
                  <span id={`pay-${m.id}-about`} className="visually-hidden">
                    {m.memo}
                  </span>
                )}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}
