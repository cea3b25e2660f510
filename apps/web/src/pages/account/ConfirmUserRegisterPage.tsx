import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { register as createAccount } from '../../api/account';
import { FormAlert } from '../../components/account/FormField';
import { usePackReturn } from '../../hooks/account/use-pack-return';
import { registrationDraft, useRegistrationDraft } from '../../lib/account/registration-draft';
import { useSessionRefresh } from '../../hooks/account/use-session-refresh';
import i18n from '../../i18n';
import styles from '../../components/account/AccountForm.module.css';

/** Step 2 of 3: the values as entered, the password masked; Register creates the account and logs in. */
export function ConfirmUserRegisterPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { withPack } = usePackReturn();
  const { draft, completed } = useRegistrationDraft();
  const refreshSession = useSessionRefresh();
  const [busy, setBusy] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);

  // A reload loses the in-memory draft: back to the form. After completion: away from the flow entirely.
  if (completed) return <Navigate to="/" replace />;
  if (!draft) return <Navigate to={withPack('/user-register')} replace />;

  const register = async () => {
    setBusy(true);
    setGeneral([]);
    const reply = await createAccount(draft);
    if (reply.state === 200) {
      registrationDraft.complete();
      await refreshSession();
      // Replace confirm in the history so Back cannot return to it.
      navigate(withPack('/complete-user-register'), { replace: true });
      return;
    }
    setBusy(false);
    const fieldErrors = Object.keys(reply.errors ?? {}).filter((k) => k !== 'general');
    if (!reply.networkError && fieldErrors.length > 0) {
      // A field the server refused now (e.g. the mail was taken meanwhile): back to the form, shown there.
      registrationDraft.rejectWith(reply.errors ?? {});
      navigate(withPack('/user-register'));
      return;
    }
    setGeneral(
      reply.networkError
        ? [i18n.t('communicationError', { ns: 'common' })]
        : [reply.errors?.general?.[0] ?? t('generalError')],
    );
  };

  const english = i18n.language === 'en';
  const name = english
    ? [draft.firstName, draft.middleName, draft.lastName].filter(Boolean).join(' ')
    : `${draft.lastName} ${draft.firstName}`;
  const rows: [string, string][] = [
    [t('confirmRegister.name'), name],
    [t('fields.tel'), draft.tel],
    [t('fields.mail'), draft.mail],
    // A fixed mask: neither the password nor its length is shown.
    [t('fields.pass'), `●●●●●●●● ${t('confirmRegister.passMasked')}`],
    [t('fields.referralCode'), draft.referralCode || t('confirmRegister.none')],
  ];
  return (
    <section className={styles.page} aria-labelledby="confirm-register-title">
      <div className={styles.card}>
        <h1 id="confirm-register-title" className={styles.title}>
          {t('confirmRegister.title')}
        </h1>
        <p className={styles.lead}>{t('confirmRegister.lead')}</p>
        <FormAlert messages={general} />
        <dl className={styles.summary}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.row}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={register} disabled={busy} aria-busy={busy}>
            {t('confirmRegister.submit')}
          </button>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => navigate(withPack('/user-register'))}
            disabled={busy}
          >
            {t('confirmRegister.edit')}
          </button>
        </div>
      </div>
    </section>
  );
}
