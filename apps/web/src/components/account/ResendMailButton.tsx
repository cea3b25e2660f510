import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resendMailVerification } from '../../api/account';

type Sent = { step: 'idle' | 'busy' | 'sent' } | { step: 'failed'; message: string };

/**
 * Mails the logged-in member a fresh verification link: where buying is refused because the address is not confirmed
 * yet, and on a spent or expired link. After one send it says so instead of offering to send again (the server
 * limits sends per hour).
 */
export function ResendMailButton({ className }: { className?: string }) {
  const { t } = useTranslation(['account', 'common']);
  const [sent, setSent] = useState<Sent>({ step: 'idle' });

  const send = async () => {
    setSent({ step: 'busy' });
    const r = await resendMailVerification();
    if (r.state === 200) return setSent({ step: 'sent' });
    // The server's own words (a login needed, too many sends) in whatever field it named.
    const said = r.networkError ? undefined : Object.values(r.errors ?? {})[0]?.[0];
    setSent({ step: 'failed', message: said ?? t('communicationError', { ns: 'common' }) });
  };

  if (sent.step === 'sent') return <span role="status">{t('verifyMail.resent')}</span>;
  return (
    <>
      {sent.step === 'failed' && <span role="alert">{sent.message}</span>}
      <button type="button" className={className} disabled={sent.step === 'busy'} onClick={() => void send()}>
        {t('verifyMail.resend')}
      </button>
    </>
  );
}
