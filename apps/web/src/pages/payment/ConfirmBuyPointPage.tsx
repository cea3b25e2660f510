import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getCheckoutSession, setCheckoutSession, useCourse, usePayStyles, useSpendingLimits } from '../../api/payments';
import { BirthMonthStep } from '../../components/payment/BirthMonthStep';
import { MailUnverifiedModal } from '../../components/account/MailUnverifiedModal';
import { AlertModal } from '../../components/payment/AlertModal';
import { CardFields } from '../../components/payment/CardFields';
import type { ConfirmForm } from '../../lib/payment/confirm-form';
import { FinalConfirmation } from '../../components/payment/FinalConfirmation';
import { LoadState } from '../../components/payment/LoadState';
import { BankFields, CarrierFields, CombiniFields } from '../../components/payment/MethodFields';
import styles from '../../components/payment/Payment.module.css';
import { useBuySubmit } from '../../hooks/payment/use-buy-submit';
import { useStripeCard } from '../../hooks/payment/use-stripe-card';
import { BrandMarks } from '../../components/payment/BrandMarks';
import { methodBrands } from '../../lib/payment/method-brands';
import { WalletFields } from '../../components/payment/WalletFields';
import { MethodPicker } from '../../components/payment/MethodPicker';
import { PaySummaryBar } from '../../components/payment/PaySummaryBar';
import { useScrollToForm } from '../../hooks/payment/use-scroll-to-form';
import { num } from '../../lib/format/datetime';

const n = num;

/** /confirm-buy-point?pointPriceId&amazonCheckoutSessionId: choose how to pay, see the final items, buy. */
export function ConfirmBuyPointPage() {
  const { t } = useTranslation('payment');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pointPriceId = Number(params.get('pointPriceId')) || 0;
  const packId = Number(params.get('packId')) || null;
  const sessionId = params.get('amazonCheckoutSessionId') ?? '';
  const course = useCourse(pointPriceId);
  const styles_ = usePayStyles();
  const methods = styles_.data?.list ?? [];
  // Issue 19 §2: the first purchase asks the birth month (and a minor's guardian consent) before any method.
  const limits = useSpendingLimits();
  const askBirth = limits.data?.state === 200 && limits.data.birth_month === '';
  const form = useForm<ConfirmForm>({
    // A chain every provider carries, shown checked (Stripe has no 7-Eleven or Daily Yamazaki; ADR 0041).
    defaultValues: { payId: '', card: '', combini: 'family-mart', carrier: 'sb_ktai', saveCard: false },
  });
  const { register, watch, setValue, getValues, handleSubmit } = form;
  const [sessionMethod, setSessionMethod] = useState<string>();
  const payId = Number(watch('payId'));
  const provider = styles_.data?.payment_provider;
  // At Stripe, Stripe.js takes new cards and runs 3-D Secure; it loads once a card method is chosen.
  const isCard = payId === 1 || payId === 7;
  const stripeCard = useStripeCard((provider === 'stripe' && isCard && styles_.data?.publishable_key) || null);
  const course_ = course.data?.state === 200 ? course.data.detail : undefined;
  const credited = course_ && {
    amount: course_.total_point,
    // Coin courses (issue 11) credit coins; read defensively, older replies have no currency.
    coin: (course_ as { currency?: string }).currency === 'coin',
  };
  const buy = useBuySubmit({ pointPriceId, packId, sessionId, stripeCard, credited });
  const scroll = useScrollToForm<HTMLElement>(payId);

  // Spec section 4: the first listed method is preselected. Back from the retailer wallet's sign-in, that wallet is.
  const firstId = methods[0]?.id;
  const offersRetailer = methods.some((m) => m.id === 5);
  useEffect(() => {
    if (firstId === undefined || getValues('payId')) return;
    setValue('payId', String(sessionId && offersRetailer ? 5 : firstId));
  }, [firstId, sessionId, offersRetailer, getValues, setValue]);
  const onCardsLoaded = useCallback(
    (first: string | null) => {
      if (!getValues('card')) setValue('card', first ?? 'new');
    },
    [getValues, setValue],
  );

  // The retailer wallet's checkout session: bind it to the member, then show the method chosen in the wallet.
  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    void (async () => {
      await setCheckoutSession(sessionId);
      const r = await getCheckoutSession();
      if (live && r.state === 200 && r.payMethod) setSessionMethod(r.payMethod);
    })();
    return () => {
      live = false;
    };
  }, [sessionId]);

  const detail = course.data?.state === 200 ? course.data.detail : undefined;
  const method = methods.find((m) => m.id === payId);
  const title = (
    <h1 id="confirm-title" className={styles.title}>
      {t('confirm.title')}
    </h1>
  );
  // Without a course id the course query never runs (isPending stays true): say so instead of loading forever.
  const noCourse = pointPriceId === 0;
  if (
    !noCourse &&
    (course.isPending || styles_.isPending || (course.data && course.data.state !== 200 && course.data.state !== 404))
  )
    return (
      <section className={styles.page} aria-labelledby="confirm-title">
        {title}
        <LoadState
          error={!course.isPending && !styles_.isPending}
          onRetry={() => void Promise.all([course.refetch(), styles_.refetch()])}
        />
      </section>
    );
  if (!detail || noCourse)
    return (
      <section className={styles.page} aria-labelledby="confirm-title">
        {title}
        <p className={styles.card} role="alert">
          {t('confirm.notFound')}
        </p>
        <Link className={styles.secondary} to="/buy-point">
          {t('confirm.backToCourses')}
        </Link>
      </section>
    );
  return (
    <section className={`${styles.page} ${styles.checkoutPage}`} aria-labelledby="confirm-title">
      {title}
      {/* On a phone the sticky pay bar says the same at all times, so this card gives its height to the form. */}
      <section
        className={`${styles.card} ${styles.courseCard} ${askBirth ? '' : styles.inPayBar}`}
        aria-labelledby="course-heading"
      >
        <h2 id="course-heading" className={styles.sectionTitle}>
          {t('confirm.course')}
        </h2>
        <p className={styles.bigPoint}>
          {detail.currency === 'coin'
            ? t('coinAmount', { value: n(detail.total_point) })
            : t('points', { value: n(detail.total_point) })}
        </p>
        {detail.total_point > detail.point && (
          <p className={styles.muted}>
            {t('confirm.quantityValue', {
              point: n(detail.point),
              bonus: n(detail.total_point - detail.point),
              total: n(detail.total_point),
            })}
          </p>
        )}
        <p>{t('confirm.priceValue', { value: n(detail.price) })}</p>
      </section>
      {askBirth ? (
        <BirthMonthStep />
      ) : (
        <form method="post" className={styles.stack} onSubmit={handleSubmit(buy.submit)} noValidate>
          {styles_.isError || methods.length === 0 ? (
            <p className={styles.card} role="alert">
              {styles_.isError ? t('loadError') : t('confirm.noMethods')}
            </p>
          ) : (
            <MethodPicker methods={methods} register={register} pickerProps={scroll.pickerProps} />
          )}
          {method && (
            <section
              ref={scroll.ref}
              id="method-form"
              className={`${styles.card} ${styles.methodForm}`}
              aria-labelledby="method-form-heading"
            >
              <div className={styles.methodFormHead}>
                <h2 id="method-form-heading" className={styles.sectionTitle}>
                  {method.name}
                </h2>
                {method.memo && <p className={styles.muted}>{method.memo}</p>}
                <BrandMarks brands={methodBrands(payId, provider)} />
              </div>
              {isCard && (
                <CardFields
                  stripeCard={stripeCard}
                  register={register}
                  watch={watch}
                  errors={buy.cardErrors}
                  onCardsChanged={(first) => setValue('card', first ?? 'new')}
                  onCardsLoaded={onCardsLoaded}
                />
              )}
              {payId === 2 && <CombiniFields register={register} />}
              {payId === 4 && <BankFields register={register} error={buy.bankError} />}
              {payId === 6 && <CarrierFields register={register} />}
              {!isCard && ![2, 4, 6].includes(payId) && (
                <WalletFields sessionMethod={payId === 5 ? sessionMethod : undefined} error={buy.walletError} />
              )}
            </section>
          )}
          {method && <FinalConfirmation course={detail} payId={payId} methodName={method.name} />}
          <PaySummaryBar
            course={detail}
            payId={payId}
            methodName={method?.name}
            busy={buy.busy}
            disabled={buy.busy || !method}
          />
        </form>
      )}
      <AlertModal
        open={buy.alert !== null}
        title={buy.alert?.ok ? t('result.successTitle') : t('result.failureTitle')}
        message={buy.alert?.message ?? ''}
        onClose={() => {
          const ok = buy.alert?.ok;
          buy.closeAlert();
          // A coin course (issue 11) ends on the coin history.
          if (ok)
            navigate(
              packId
                ? `/pack-detail?packId=${packId}`
                : detail?.currency === 'coin'
                  ? '/coin-history'
                  : '/buy-point-history',
            );
        }}
      />
      <MailUnverifiedModal message={buy.mail.message} onClose={buy.mail.close} />
    </section>
  );
}
