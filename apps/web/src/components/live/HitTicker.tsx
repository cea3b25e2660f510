import { secondsAgo, type LiveHit } from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hitsStore, startLiveFeed } from '../../live/live-feed';
import badge from '../pack/rank-badge.module.css';
import { LIVE_NS } from './live-i18n';
import styles from './HitTicker.module.css';

/** How many hits the ticker lists. */
const SHOWN = 6;

/** "12秒前" / "3 minutes ago". */
function useAgo() {
  const { t } = useTranslation(LIVE_NS);
  return (s: number) =>
    s < 60
      ? t('secondsAgo', { count: s })
      : s < 3600
        ? t('minutesAgo', { count: Math.floor(s / 60) })
        : t('hoursAgo', { count: Math.floor(s / 3600) });
}

/** Re-renders once a second, so "seconds ago" counts on between messages. */
function useTick() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, []);
}

/**
 * The live ticker of recent S and A hits (issue 22 §3): the card, the member's initial or an anonymous label, and
 * how long ago. It starts the page's live feed, which also moves the stock of every pack on the page. `packId`
 * keeps one pack's hits (the pack page); without it, every pack's (the top page and the pack list).
 */
export default function HitTicker({ packId }: { packId?: number }) {
  const { t, i18n } = useTranslation(LIVE_NS);
  const client = useQueryClient();
  useEffect(() => startLiveFeed(client), [client]);
  const state = useSyncExternalStore(hitsStore.subscribe, hitsStore.get);
  useTick();
  const ago = useAgo();
  const en = i18n.language === 'en';
  const hits = state.hits.filter((h) => packId === undefined || h.pack === packId).slice(0, SHOWN);
  const elapsed = Date.now() - state.receivedAt;
  const line = (h: LiveHit) => t('drew', { who: h.who ?? t('anonymous'), rank: h.rank });
  return (
    <section className={styles.ticker} aria-labelledby="live-hits-title">
      <h2 id="live-hits-title" className={styles.title}>
        <span className={styles.dot} aria-hidden="true" />
        {t('title')}
        {state.mode === 'stream' && <span className={styles.live}>{t('live')}</span>}
      </h2>
      {hits.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        // Polite: a screen reader hears a new hit when it is idle, not in the middle of the page.
        <ol className={styles.list} aria-live="polite">
          {hits.map((h) => (
            <li key={h.id} className={styles.hit}>
              <span className={`${styles.rank} ${badge[h.rank]}`}>{h.rank}</span>
              <span className={styles.text}>
                <Link className={styles.card} to={`/pack-detail?packId=${h.pack}`}>
                  {en ? h.card.en : h.card.ja}
                </Link>
                <span className={styles.who}>{line(h)}</span>
              </span>
              <time className={styles.ago} dateTime={h.at}>
                {ago(secondsAgo(h, state.serverNow, elapsed))}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
