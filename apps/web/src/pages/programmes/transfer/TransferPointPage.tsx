import {
  PARTNER_LOGINID_MAX,
  PARTNER_PASSWORD_MAX,
  TRANSFER_DIGITS_MAX,
  transferPointProblem,
  type PartnerSiteItem,
} from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshCurrentUser } from '../../../api/account';
import { partnerLogin, perkKeys, requestKey, transferPoint, usePartnerSites } from '../../../api/perks';
import { LoadState } from '../../../components/payment/LoadState';
import { Modal } from '../../../components/ui/Modal';
import { PageTitle } from '../../../components/ui/PageTitle';
import { tMessage } from '../../../i18n';
import { refusal } from '../../../lib/perks/refusal';
import { PERKS_NS } from '../perks-i18n';
import styles from '../Perks.module.css';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { num } from '../../../lib/format/datetime';

/**
 * /transfer-point (spec sections 2, 5, 8): the partner sites with their status; an unlinked site opens the login
 * popup, a linked one the point popup. Points move from the partner to this shop (ADR 0023), so the client checks
 * compare with the points held at the partner, which the list shows.
 */
export function TransferPointPage() {
  const { t } = useTranslation(PERKS_NS);
  const query = usePartnerSites();
  const qc = useQueryClient();
  const refreshUser = useRefreshCurrentUser();
  const [login, setLogin] = useState<PartnerSiteItem | null>(null);
  const [move, setMove] = useState<PartnerSiteItem | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: perkKeys.partners() });
  const list = query.data?.state === 200 ? query.data.list : undefined;

  return (
    <section className={`${styles.page} ${styles.narrow}`} aria-labelledby="transfer-title">
      <PageTitle id="transfer-title" className={styles.title} subtitle={t('transfer.subtitle')}>
        {t('transfer.title')}
      </PageTitle>
      <p className={styles.lead}>{t('transfer.lead')}</p>
      {!list ? (
        <LoadState error={query.isError} onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <p className={styles.card}>{t('transfer.empty')}</p>
      ) : (
        list.map((site) => (
          <article key={site.id} className={styles.card} aria-label={site.name}>
            <div className={styles.row}>
              <h2 className={styles.sectionTitle}>{site.name}</h2>
              {site.status === '1' && (
                <span className={`${styles.badge} ${styles.badgeOn}`}>{t('transfer.linked')}</span>
              )}
            </div>
            {site.status === '1' ? (
              <>
                <p className={styles.muted}>
                  {site.point === '' ? t('transfer.ownedUnknown') : t('transfer.owned', { point: num(site.point) })}
                </p>
                {site.pending === '1' && (
                  <p className={styles.muted} role="status">
                    {t('transfer.pending')}
                  </p>
                )}
                <button type="button" className={styles.primary} onClick={() => setMove(site)}>
                  {t('transfer.migrate')}
                </button>
              </>
            ) : (
              <>
                <p className={styles.muted}>{t('transfer.unlinkedHint')}</p>
                <button type="button" className={styles.secondary} onClick={() => setLogin(site)}>
                  {t('transfer.unlinked')}
                </button>
              </>
            )}
          </article>
        ))
      )}
      {login && (
        <LoginPopup
          site={login}
          onClose={() => setLogin(null)}
          onLinked={async () => {
            setLogin(null);
            await refresh();
          }}
        />
      )}
      {move && (
        <PointPopup
          site={move}
          onClose={() => setMove(null)}
          onDone={async () => {
            setMove(null);
            await Promise.all([refresh(), refreshUser()]);
          }}
        />
      )}
    </section>
  );
}

function LoginPopup({
  site,
  onClose,
  onLinked,
}: {
  site: PartnerSiteItem;
  onClose: () => void;
  onLinked: () => Promise<void>;
}) {
  const { t } = useTranslation(PERKS_NS);
  const [loginid, setLoginid] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const reply = await partnerLogin({ loginid, password, site_id: site.id });
    setBusy(false);
    if (reply.state === 200 && reply.result) {
      window.alert(t('transfer.linkedAlert'));
      await onLinked();
      return;
    }
    // Spec section 8: the failure is alerted and the popup stays open.
    window.alert(reply.result === false ? t('transfer.loginFailedAlert') : refusal(reply));
  };
  return (
    <Modal open title={t('transfer.loginTitle', { site: site.name })} onClose={onClose}>
      <form method="post" className={styles.field} onSubmit={(e) => void submit(e)}>
        <p className={styles.muted}>{t('transfer.loginLead')}</p>
        <label className={styles.field}>
          {t('transfer.loginid')}
          <input
            name="loginid"
            type="email"
            autoComplete="off"
            maxLength={PARTNER_LOGINID_MAX}
            value={loginid}
            onChange={(e) => setLoginid(e.target.value)}
            required
          />
        </label>
        <label className={styles.field}>
          {t('transfer.password')}
          <input
            name="password"
            type="password"
            autoComplete="off"
            maxLength={PARTNER_PASSWORD_MAX}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        <div className={styles.actions}>
          <SubmitButton className={styles.primary} disabled={busy}>
            {t('transfer.login')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

function PointPopup({
  site,
  onClose,
  onDone,
}: {
  site: PartnerSiteItem;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation(PERKS_NS);
  const [point, setPoint] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per popup: a second press of the same confirmed transfer repeats it instead of moving twice.
  const [key] = useState(requestKey);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = transferPointProblem(point, Number(site.point || 0));
    if (problem) {
      setError(tMessage(problem));
      return;
    }
    setError('');
    const amount = num(point);
    if (!window.confirm(t('transfer.confirm', { site: site.name, point: amount }))) return;
    setBusy(true);
    const reply = await transferPoint({ point, site_id: site.id, request_key: key });
    setBusy(false);
    // Spec section 8: '' is success; any returned text is alerted and the popup closes.
    window.alert(reply.state === 200 && reply.error === '' ? t('transfer.movedAlert') : reply.error || refusal(reply));
    await onDone();
  };
  return (
    <Modal open title={t('transfer.pointTitle', { site: site.name })} onClose={onClose}>
      <form method="post" className={styles.field} onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.muted}>{t('transfer.owned', { point: num(site.point || 0) })}</p>
        <label className={styles.field}>
          {t('transfer.pointLabel')}
          <input
            name="point"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={TRANSFER_DIGITS_MAX}
            value={point}
            onChange={(e) => setPoint(e.target.value.replace(/\D/g, ''))}
            aria-describedby="transfer-point-hint transfer-point-error"
            aria-invalid={error ? true : undefined}
          />
        </label>
        <p id="transfer-point-hint" className={styles.muted}>
          {t('transfer.pointHint')}
        </p>
        <p id="transfer-point-error" className={styles.error} role="alert">
          {error}
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {t('transfer.cancel')}
          </button>
          <SubmitButton className={styles.primary} disabled={busy}>
            {t('transfer.send')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
