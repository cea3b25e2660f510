import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isLoggedIn, useCurrentUser, verifyMail } from '../../api/account';
import { firstError } from '../../api/client';
import { AccountCard } from '../../components/account/AccountCard';
import { FormAlert } from '../../components/account/FormField';
import { ResendMailButton } from '../../components/account/ResendMailButton';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import styles from '../../components/account/AccountForm.module.css';

// Only a sanity check (no request for an empty or absurd token); the server decides whether it is valid.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The page the verification mail links to (/verify-mail?token=...): posts the token once per visit (a token is
 * spent by its first use, so it is never retried or refetched) and says whether the address is now confirmed.
 * Public: the link may be opened in a browser where the member is not logged in.
 */
export function VerifyMailPage() {
  const { t } = useTranslation(['account', 'common']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useCurrentUser();
  const wellFormed = TOKEN_SHAPE.test(token);
  const result = useQuery({
    queryKey: ['verifyMail', token],
    queryFn: () => verifyMail(token),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  if (wellFormed && result.isPending) return <LoadingOverlay />;
  const reply = result.data;
  if (reply?.networkError) {
    return (
      <section className={styles.page}>
        <FormAlert messages={[t('communicationError', { ns: 'common' })]} />
      </section>
    );
  }
  if (reply?.state === 200) {
    return (
      <AccountCard titleId="verify-mail-title" title={t('verifyMail.title')} lead={t('verifyMail.body')} role="status">
        <div className={styles.actions}>
          <Link to="/" className={styles.primary}>
            {t('verifyMail.toShop')}
          </Link>
        </div>
      </AccountCard>
    );
  }
  return (
    <AccountCard titleId="verify-mail-title" title={t('verifyMail.invalidTitle')}>
      <p role="alert" className={styles.lead}>
        {firstError(reply, 'token') ?? t('verifyMail.invalidBody')}
      </p>
      <div className={styles.actions}>
        {/* A new link is sent to the logged-in member's address, so a guest logs in first (and comes back here). */}
        {isLoggedIn(user.data) ? (
          <ResendMailButton className={styles.primary} />
        ) : (
          <Link to="/login" className={styles.primary}>
            {t('verifyMail.login')}
          </Link>
        )}
      </div>
    </AccountCard>
  );
}
