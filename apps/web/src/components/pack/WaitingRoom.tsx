import type { DropInfo, DropStatus } from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dropKeys, joinDropQueue, useDropStatus } from '../../api/drops';
import { firstError } from '../../api/client';
import { dateTime, langOf } from '../../lib/format/datetime';
import { shopNow } from '../../lib/time/shop-time';
import styles from './WaitingRoom.module.css';
import { DROP_NS } from './drop-i18n';
import { num } from '../../lib/format/datetime';

/** "about 3 min" / "約3分": the wait in whole minutes, or seconds under a minute. */
function waitWords(seconds: number, t: (k: string, o?: Record<string, unknown>) => string) {
  if (seconds < 60) return t('room.waitSeconds', { n: Math.max(1, seconds) });
  return t('room.waitMinutes', { n: Math.ceil(seconds / 60) });
}

/** Seconds until the member's admission by the shop clock (the last poll may be many seconds old). */
function waitLeft(s: DropStatus): number {
  if (!s.admitted_at) return s.wait_seconds ?? 0;
  return Math.max(0, Math.ceil((Date.parse(s.admitted_at) - shopNow()) / 1000));
}

/**
 * A drop's pack page before the buy buttons (issue 22): the member joins the queue (solving the proof-of-work in the
 * page), sees their place, how many are ahead and the estimated wait, and gets `children` (the buy buttons) once
 * admitted, with the time their admission ends. The server enforces all of it; this only shows it.
 */
export function WaitingRoom({
  packId,
  drop,
  loggedIn,
  soldOut = false,
  children,
}: {
  packId: number;
  drop: DropInfo;
  loggedIn: boolean;
  /** Once nothing is left, "it is your turn" would promise what cannot be had: only the sold-out reason shows. */
  soldOut?: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation(DROP_NS);
  const lang = langOf(i18n.language);
  const client = useQueryClient();
  const { data } = useDropStatus(packId, loggedIn);
  const [joining, setJoining] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const tried = useRef(false);
  const status: DropStatus | null = data?.queue_state ? (data as DropStatus) : null;
  // The server asks a page far from the front to poll seldom; the wait is counted down here meanwhile.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (status?.queue_state !== 'waiting') return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [status?.queue_state]);

  const join = async () => {
    setJoining(true);
    setProblem(null);
    const reply = await joinDropQueue(packId);
    setJoining(false);
    if (reply.queue_state) client.setQueryData(dropKeys.status(packId), reply);
    else setProblem(firstError(reply, 'altcha') ?? firstError(reply, 'general') ?? t('room.joinFailed'));
  };

  // Opening the page in the window is joining: once per page, and again only by the button after a lapse.
  useEffect(() => {
    if (status?.queue_state !== 'outside' || tried.current) return;
    tried.current = true;
    void join();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- join reads the latest state when it runs
  }, [status?.queue_state]);

  const at = (iso: string) => dateTime(new Date(iso), lang);
  const box = (body: ReactNode) => (
    <section className={styles.room} aria-labelledby="drop-title" aria-live="polite" data-testid="waiting-room">
      <h2 id="drop-title" className={styles.title}>
        {t('room.title')}
      </h2>
      {body}
      <details className={styles.how}>
        <summary>{t('room.howTitle')}</summary>
        <p>{t('room.how', { n: drop.admit_per_minute, stay: drop.stay_minutes })}</p>
        <p className={styles.hash}>
          {t('room.commitment')} <code>{drop.seed_hash}</code>
        </p>
        <Link to="/fairness">{t('room.fairnessLink')}</Link>
      </details>
    </section>
  );

  if (!loggedIn) {
    return box(
      <>
        <p className={styles.lead}>{t('room.loginLead', { opens: at(drop.prequeue_opens_at) })}</p>
        <Link className={styles.action} to={`/login?redirect=${encodeURIComponent(`/pack-detail?packId=${packId}`)}`}>
          {t('room.login')}
        </Link>
      </>,
    );
  }
  if (!status || joining || status.queue_state === 'outside') {
    return box(
      <p className={styles.lead} role="status">
        {problem ?? (joining ? t('room.checking') : t('room.loading'))}
      </p>,
    );
  }
  switch (status.queue_state) {
    case 'not_open':
      return box(<p className={styles.lead}>{t('room.notOpen', { opens: at(drop.prequeue_opens_at) })}</p>);
    case 'prequeue':
      return box(
        <>
          <p className={styles.big}>{t('room.inPrequeue')}</p>
          <p className={styles.lead}>{t('room.prequeueLead', { start: at(drop.starts_at) })}</p>
          <dl className={styles.figures}>
            <div>
              <dt>{t('room.queued')}</dt>
              <dd>{t('room.people', { n: num(status.queued) })}</dd>
            </div>
            <div>
              <dt>{t('room.entryCode')}</dt>
              <dd className={styles.code}>{status.entry_code}</dd>
            </div>
          </dl>
        </>,
      );
    case 'waiting':
      return box(
        <>
          <dl className={styles.figures}>
            <div className={styles.placeBox}>
              <dt>{t('room.place')}</dt>
              <dd className={styles.big} data-testid="drop-place">
                {t('room.placeValue', { n: num(status.place!) })}
              </dd>
            </div>
            <div>
              <dt>{t('room.ahead')}</dt>
              <dd>{t('room.people', { n: num(status.ahead!) })}</dd>
            </div>
            <div>
              <dt>{t('room.wait')}</dt>
              <dd>{waitWords(waitLeft(status), t)}</dd>
            </div>
          </dl>
          <p className={styles.note}>{t('room.keepOpen')}</p>
        </>,
      );
    case 'admitted':
      return (
        <>
          {!soldOut && (
            <p className={styles.admitted} role="status" data-testid="drop-admitted">
              {t('room.admitted', { until: at(status.expires_at!) })}
            </p>
          )}
          {children}
        </>
      );
    case 'expired':
      return box(
        <>
          <p className={styles.lead}>{t('room.expired')}</p>
          {problem && <p role="alert">{problem}</p>}
          <button type="button" className={styles.action} onClick={() => void join()}>
            {t('room.rejoin')}
          </button>
        </>,
      );
  }
}
