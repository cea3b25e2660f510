import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CURRENT_USER_KEY } from '../../api/account';
import { firstError } from '../../api/client';
import { useWithdrawPreview, withdraw } from '../../api/programmes';
import { AccountCard } from '../../components/account/AccountCard';
import { FormAlert, TextField } from '../../components/account/FormField';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import styles from '../../components/account/AccountForm.module.css';
import facts from '../../components/programmes/Programmes.module.css';
import { SubmitButton } from '../../components/ui/SubmitButton';
import { num } from '../../lib/format/datetime';

/**
 * /withdraw (issue 11; terms article 15): names the points and coins that will be lost, asks the password and a
 * confirmation, then closes the account and goes to /withdraw/complete.
 */
export function WithdrawPage() {
  const { t } = useTranslation('programmes');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const preview = useWithdrawPreview();
  const [pass, setPass] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ pass?: string; general?: string }>({});
  if (preview.isPending) return <LoadingOverlay />;
  const p = preview.data;
  const fmt = (n: number | undefined) => num(n ?? 0);
  const cardsPending = Number(p?.pending_cards ?? 0) > 0;
  const paymentsOpen = Number(p?.open_payments ?? 0) > 0;
  const blocked = cardsPending || paymentsOpen;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !agreed || blocked) return;
    if (!window.confirm(t('withdraw.finalConfirm'))) return;
    setBusy(true);
    const reply = await withdraw(pass);
    setBusy(false);
    if (reply.state === 200) {
      await navigate('/withdraw/complete', { replace: true });
      qc.clear();
      await qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      return;
    }
    setErrors({
      pass: firstError(reply, 'pass'),
      general: firstError(reply, 'general') ?? (firstError(reply, 'pass') ? undefined : t('withdraw.failed')),
    });
  };

  return (
    <AccountCard titleId="withdraw-title" title={t('withdraw.title')} lead={t('withdraw.lead')}>
      <section aria-labelledby="withdraw-lost">
        <h2 id="withdraw-lost" className={styles.label}>
          {t('withdraw.lostTitle')}
        </h2>
        <dl className={facts.facts} data-testid="withdraw-lost">
          <dt>{t('withdraw.points')}</dt>
          <dd>{t('withdraw.pointValue', { value: fmt(p?.point) })}</dd>
          <dt>{t('withdraw.coins')}</dt>
          <dd>{t('coin.amount', { value: fmt(p?.coin) })}</dd>
        </dl>
        <p className={`${styles.hint} ${facts.lead}`}>{t('withdraw.lostNote')}</p>
      </section>
      {cardsPending ? (
        <>
          <p role="alert" className={styles.formAlert}>
            {t('withdraw.cardsPending', { count: p?.pending_cards ?? 0 })}
          </p>
          <div className={styles.actions}>
            <Link to="/get-card-list" className={styles.primary}>
              {t('withdraw.toCards')}
            </Link>
          </div>
        </>
      ) : paymentsOpen ? (
        <>
          <p role="alert" className={styles.formAlert}>
            {t('withdraw.paymentsOpen', { count: p?.open_payments ?? 0 })}
          </p>
          <div className={styles.actions}>
            <Link to="/buy-point-history" className={styles.primary}>
              {t('withdraw.toPayments')}
            </Link>
          </div>
        </>
      ) : (
        <form method="post" className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          {errors.general && <FormAlert messages={[errors.general]} />}
          <TextField
            label={t('withdraw.pass')}
            type="password"
            autoComplete="current-password"
            required
            value={pass}
            error={errors.pass}
            onChange={(e) => setPass(e.target.value)}
          />
          <label className={styles.check}>
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            {t('withdraw.agree')}
          </label>
          <div className={styles.actions}>
            <SubmitButton className={styles.secondary} disabled={busy || !agreed} aria-busy={busy}>
              {t('withdraw.submit')}
            </SubmitButton>
            <Link to="/my-page" className={styles.primary}>
              {t('withdraw.cancel')}
            </Link>
          </div>
        </form>
      )}
    </AccountCard>
  );
}

/** /withdraw/complete: the account is closed. */
export function WithdrawCompletePage() {
  const { t } = useTranslation('programmes');
  return (
    <AccountCard
      titleId="withdraw-done-title"
      title={t('withdraw.doneTitle')}
      lead={t('withdraw.doneBody')}
      role="status"
    >
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>
          {t('sms.toTop')}
        </Link>
      </div>
    </AccountCard>
  );
}
