import { zodResolver } from '@hookform/resolvers/zod';
import { totpCodeSchema } from '@oripa/core/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { Reply } from '../../../api/client';
import { useServerForm } from '../../../hooks/account/use-server-form';
import { enableTotp, refreshStaffSession, startTotpSetup, useStaffSession, verifyTotp } from '../../api/session';
import { CopyButton, downloadText } from '../../components/CopyText';
import { Field, FormAlert } from '../../components/Field';
import { AuthFrame, safeBack } from './AuthFrame';

interface CodeForm {
  code: string;
}
const FIELDS = ['code'] as const;

/** /admin/2fa: the second factor, set up at the first sign-in (QR code, then recovery codes) or asked for. */
export function SecondFactorPage() {
  const { t } = useTranslation('admin-auth');
  const session = useStaffSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodes codes={codes} />;
  if (session.isPending) return <AuthFrame title={t('totp.title')}>{null}</AuthFrame>;
  const staff = session.data?.state === 200 ? session.data.staff : undefined;
  if (!staff) return <Navigate to="/admin/login" replace />;
  if (staff.stage === 'full') return <Navigate to="/admin" replace />;
  return staff.totp_enabled ? <CodePrompt /> : <TotpSetup onDone={setCodes} />;
}

function useDone() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return async () => {
    await refreshStaffSession(queryClient);
    void navigate(safeBack(search.get('back')), { replace: true });
  };
}

function TotpSetup({ onDone }: { onDone: (codes: string[]) => void }) {
  const { t } = useTranslation('admin-auth');
  // A new secret per visit of this step (POST: it is stored in the session until confirmed).
  const setup = useQuery({
    queryKey: ['admin', 'totp-setup'],
    queryFn: startTotpSetup,
    staleTime: Infinity,
    gcTime: 0,
  });
  const { register, errors, isSubmitting, general, submitTo } = useServerForm<CodeForm>(
    { resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } },
    FIELDS,
  );
  const onSubmit = submitTo({
    send: ({ code }) => enableTotp(code),
    onSuccess: (_v, reply) => onDone((reply as Reply<{ recovery_codes: string[] }>).recovery_codes ?? []),
  });
  const data = setup.data?.state === 200 ? setup.data : undefined;
  return (
    <AuthFrame title={t('totp.setupTitle')}>
      <ol>
        <li>{t('totp.step1')}</li>
        <li>{t('totp.step2')}</li>
        <li>{t('totp.step3')}</li>
      </ol>
      {data?.qr_svg ? (
        <img
          className="a-qr"
          alt={t('totp.qrAlt')}
          src={`data:image/svg+xml;utf8,${encodeURIComponent(data.qr_svg)}`}
        />
      ) : (
        <p className="a-loading">…</p>
      )}
      {data ? (
        <p>
          {t('totp.manual')}
          <br />
          <code className="a-secret" data-testid="totp-secret">
            {data.secret}
          </code>
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        <Field
          label={t('totp.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={errors.code}
          {...register('code')}
        />
        <button type="submit" className="a-primary" disabled={isSubmitting || !data}>
          {t('totp.enable')}
        </button>
      </form>
    </AuthFrame>
  );
}

/** The recovery codes as the downloaded file holds them: what they are, then one code a line. */
export const recoveryCodesText = (title: string, codes: string[]) => `${title}\n\n${codes.join('\n')}\n`;

/**
 * The recovery codes, shown once: copy them all, or download them as a .txt, and affirm they are kept before going
 * on (issue 21 §10). Copying or downloading says so; the affirmation is still the staff member's own.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('admin-auth');
  const done = useDone();
  const [saved, setSaved] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const text = recoveryCodesText(t('recovery.fileTitle'), codes);
  return (
    <AuthFrame title={t('recovery.title')}>
      <p>{t('recovery.lead')}</p>
      <ul className="a-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <p className="a-row">
        <CopyButton text={text} label={t('recovery.copy')} copied={t('recovery.copied', { count: codes.length })} />
        <button
          type="button"
          onClick={() => {
            downloadText('oripa-console-recovery-codes.txt', text);
            setDownloaded(true);
          }}
        >
          {t('recovery.download')}
        </button>
        <span role="status" className="a-ok-text">
          {downloaded ? t('recovery.downloaded') : ''}
        </span>
      </p>
      <p className="a-row">
        <input id="saved" type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        <label htmlFor="saved">{t('recovery.saved')}</label>
      </p>
      <button type="button" className="a-primary" disabled={!saved} onClick={() => void done()}>
        {t('recovery.continue')}
      </button>
    </AuthFrame>
  );
}

function CodePrompt() {
  const { t } = useTranslation('admin-auth');
  const done = useDone();
  const [recovery, setRecovery] = useState(false);
  const { register, errors, isSubmitting, general, submitTo, form } = useServerForm<CodeForm>(
    { defaultValues: { code: '' } },
    FIELDS,
    { recovery_code: 'code' },
  );
  const onSubmit = submitTo({
    send: ({ code }) => verifyTotp(recovery ? { recovery_code: code } : { code }),
    onSuccess: done,
  });
  return (
    <AuthFrame title={t('totp.title')}>
      <p>{recovery ? t('totp.recoveryLead') : t('totp.lead')}</p>
      <form onSubmit={onSubmit} noValidate>
        <FormAlert messages={general} />
        <Field
          label={recovery ? t('totp.recoveryCode') : t('totp.code')}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          error={errors.code}
          {...register('code', { required: 'required' })}
        />
        <button type="submit" className="a-primary" disabled={isSubmitting}>
          {t('totp.verify')}
        </button>
      </form>
      <p>
        <button
          type="button"
          className="a-link-button"
          onClick={() => {
            setRecovery((r) => !r);
            form.reset({ code: '' });
          }}
        >
          {recovery ? t('totp.useApp') : t('totp.useRecovery')}
        </button>
      </p>
    </AuthFrame>
  );
}
