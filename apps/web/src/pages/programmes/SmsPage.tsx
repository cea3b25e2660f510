import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SMS_BONUS_POINTS, SMS_CODE_LENGTH } from '@oripa/core';
import { useCurrentUser, useRefreshCurrentUser } from '../../api/account';
import { firstError } from '../../api/client';
import { checkSms, sendSms } from '../../api/programmes';
import { AccountCard } from '../../components/account/AccountCard';
import { TextField } from '../../components/account/FormField';
import { MailUnverifiedModal } from '../../components/account/MailUnverifiedModal';
import { useMailRefusal } from '../../hooks/account/use-mail-refusal';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import styles from '../../components/account/AccountForm.module.css';
import { SubmitButton } from '../../components/ui/SubmitButton';

/** Where /sms/error offers to go back: code entry (pageMode 1) or phone entry (pageMode 0). */
export const smsPath = (mode: 0 | 1) => (mode === 1 ? '/sms?pageMode=1' : '/sms');

/**
 * SMS verification (spec sections 2, 4, 5): mode 0 asks the phone number, mode 1 the 6-digit code (also opened by
 * ?pageMode=1), mode 2 says the member is verified already (end_sms '1'). A good code goes to /sms/success, a
 * refused one to /sms/error; the phone is sent as typed and the server's refusals are alerted (spec section 8),
 * except an unconfirmed mail address (issue 19 §2), which gets its modal with the resend button.
 */
export function SmsPage() {
  const { t } = useTranslation('programmes');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data: user, isPending } = useCurrentUser();
  const refreshUser = useRefreshCurrentUser();
  const [tel, setTel] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const mail = useMailRefusal();

  if (isPending) return <LoadingOverlay />;
  const mode = user?.end_sms === '1' ? 2 : params.get('pageMode') === '1' ? 1 : 0;

  const onSend = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const reply = await sendSms(tel);
    setBusy(false);
    if (reply.state === 200) {
      setParams({ pageMode: '1' });
      return;
    }
    if (mail.caught(reply)) return;
    // Spec section 8: errors.tel or errors.user_id are alerted; any other refusal is the format alert and a reload.
    const said = firstError(reply, 'tel') ?? firstError(reply, 'user_id');
    window.alert(said ?? t('sms.telFormatAlert'));
    if (!said) window.location.reload();
  };

  const onCheck = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      window.alert(t('sms.codeRequiredAlert'));
      return;
    }
    setBusy(true);
    const reply = await checkSms(code.trim());
    setBusy(false);
    if (reply.state === 200) {
      await refreshUser();
      await navigate('/sms/success', { replace: true, state: { bonus: reply.bonus_point ?? 0 } });
      return;
    }
    if (mail.caught(reply)) return;
    const reason = firstError(reply, 'sms_code');
    if (reason) {
      await navigate('/sms/error', { state: { reason } });
      return;
    }
    window.alert(firstError(reply, 'general') ?? t('sms.telFormatAlert'));
  };

  if (mode === 2) {
    return (
      <AccountCard titleId="sms-title" title={t('sms.title')} lead={t('sms.verifiedLead')} role="status">
        <div className={styles.actions}>
          <Link to="/" className={styles.primary}>
            {t('sms.toTop')}
          </Link>
        </div>
      </AccountCard>
    );
  }

  if (mode === 1) {
    return (
      <AccountCard titleId="sms-title" title={t('sms.title')} lead={t('sms.codeLead')}>
        <form method="post" className={styles.form} onSubmit={(e) => void onCheck(e)} noValidate>
          <TextField
            label={t('sms.codeLabel')}
            name="sms_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={SMS_CODE_LENGTH}
            placeholder="123456"
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <div className={styles.actions}>
            <SubmitButton className={styles.primary} disabled={busy} aria-busy={busy}>
              {t('sms.verify')}
            </SubmitButton>
            <Link to={smsPath(0)} className={styles.secondary}>
              {t('sms.resend')}
            </Link>
          </div>
        </form>
        <MailUnverifiedModal message={mail.message} onClose={mail.close} />
      </AccountCard>
    );
  }

  return (
    <AccountCard titleId="sms-title" title={t('sms.title')} lead={t('sms.telLead', { point: SMS_BONUS_POINTS })}>
      <form method="post" className={styles.form} onSubmit={(e) => void onSend(e)} noValidate>
        <TextField
          label={t('sms.telLabel')}
          name="tel"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="00012345678"
          hint={t('sms.telHint')}
          required
          value={tel}
          onChange={(e) => setTel(e.target.value)}
        />
        <div className={styles.actions}>
          <SubmitButton className={styles.primary} disabled={busy} aria-busy={busy}>
            {t('sms.send')}
          </SubmitButton>
        </div>
      </form>
      <MailUnverifiedModal message={mail.message} onClose={mail.close} />
    </AccountCard>
  );
}
