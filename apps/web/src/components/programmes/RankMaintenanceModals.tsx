import { rankDefinition } from '@oripa/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRefreshCurrentUser, type CurrentUserReply } from '../../api/account';
import { buyRank, type BuyRankReply } from '../../api/programmes';
import { rankImage } from '../../lib/programmes/rank-image';
import { Modal } from '../ui/Modal';
import styles from './Programmes.module.css';
import { num } from '../../lib/format/datetime';

const rankName = (rank: number, lang: string) =>
  lang === 'en' ? rankDefinition(rank).nameEn : rankDefinition(rank).nameJa;

/**
 * The monthly rank maintenance (spec sections 2 and 4): the confirm modal shows the next month's start rank, the
 * coins used and the coin balance before and after; buying shows the complete modal naming the rank kept.
 */
export function RankMaintenanceModals({
  user,
  open,
  onClose,
}: {
  user: CurrentUserReply;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('programmes');
  const refresh = useRefreshCurrentUser();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<BuyRankReply | null>(null);
  const fmt = (n: number) => num(n);
  const rank = Number(user.rank ?? 1);
  const coins = Number(user.rank_keep_coin ?? 0);
  const before = Number(user.coin ?? 0);
  const enough = before >= coins;

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const reply = await buyRank();
    setBusy(false);
    if (reply.state === 200) {
      setDone(reply);
      await refresh();
      return;
    }
    setError(reply.errors?.general?.[0] ?? t('rank.failed'));
  };
  const close = () => {
    setDone(null);
    setError(null);
    onClose();
  };

  if (done) {
    return (
      <Modal
        open={open}
        title={t('rank.completeTitle')}
        onClose={close}
        actions={
          <button type="button" className={styles.primary} onClick={close}>
            {t('rank.close')}
          </button>
        }
      >
        <p role="status" className={styles.lead}>
          {t('rank.completeBody', { rank: done.rank_name ?? rankName(rank, i18n.language) })}
        </p>
        <dl className={styles.facts}>
          <dt>{t('rank.coinsUsed')}</dt>
          <dd>{t('coin.amount', { value: fmt(done.coin_used ?? 0) })}</dd>
          <dt>{t('rank.balanceAfter')}</dt>
          <dd>{t('coin.amount', { value: fmt(done.coin_after ?? 0) })}</dd>
        </dl>
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      title={t('rank.confirmTitle')}
      onClose={close}
      actions={
        <>
          <button type="button" className={styles.secondary} onClick={close}>
            {t('rank.cancel')}
          </button>
          <button
            type="button"
            className={styles.primary}
            onClick={() => void confirm()}
            disabled={busy || !enough}
            aria-busy={busy}
          >
            {t('rank.confirm')}
          </button>
        </>
      }
    >
      <p className={styles.lead}>{t('rank.confirmLead')}</p>
      <dl className={styles.facts}>
        <dt>{t('rank.nextMonthRank')}</dt>
        <dd style={{ color: rankDefinition(rank).color }}>{rankName(rank, i18n.language)}</dd>
        <dt>{t('rank.coinsUsed')}</dt>
        <dd>{t('coin.amount', { value: fmt(coins) })}</dd>
        <dt>{t('rank.balanceBefore')}</dt>
        <dd>{t('coin.amount', { value: fmt(before) })}</dd>
        <dt>{t('rank.balanceAfter')}</dt>
        <dd>{t('coin.amount', { value: fmt(Math.max(0, before - coins)) })}</dd>
      </dl>
      {!enough && <p className={styles.error}>{t('rank.notEnough')}</p>}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Modal>
  );
}

/** Shown after the reveal when the purchase result carries a rank-up (spec section 3: rank_up, rankup_data). */
export function RankUpModal({
  open,
  data,
  onClose,
}: {
  open: boolean;
  data: { discount: number; rankup_bonus: number; rank?: number } | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('programmes');
  if (!data) return null;
  const rank = data.rank ?? 2;
  const percent = Math.round(data.discount * 100 - 100);
  return (
    <Modal
      open={open}
      title={t('rank.upTitle')}
      onClose={onClose}
      actions={
        <button type="button" className={styles.primary} onClick={onClose}>
          {t('rank.next')}
        </button>
      }
    >
      <div className={styles.rankUp}>
        <img src={rankImage(rank)} alt="" width={96} height={96} className={styles.rankImage} />
        <p className={styles.rankName} style={{ color: rankDefinition(rank).color }}>
          {rankName(rank, i18n.language)}
        </p>
        <p>{t('rank.upBody', { rank: rankName(rank, i18n.language) })}</p>
        {/* A regained rank pays no bonus (ADR 0035): rank 7 back again offers no second card. */}
        {data.rankup_bonus > 0 &&
          (rank === 7 ? (
            <>
              <p className={styles.strong}>{t('rank.upCard', { value: num(data.rankup_bonus) })}</p>
              <Link to="/rank-reward">{t('reward.choose')}</Link>
            </>
          ) : (
            <p className={styles.strong}>{t('rank.upBonus', { value: num(data.rankup_bonus) })}</p>
          ))}
        {percent > 0 && <p>{t('rank.upDiscount', { percent })}</p>}
      </div>
    </Modal>
  );
}
