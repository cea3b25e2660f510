import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRefreshCurrentUser } from '../../api/account';
import { firstError } from '../../api/client';
import { chooseRankCard, useRankRewards } from '../../api/programmes';
import { AccountCard } from '../../components/account/AccountCard';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import { ShipmentTimeline } from '../../components/pack/ShipmentTimeline';
import styles from '../../components/account/AccountForm.module.css';
import own from '../../components/programmes/Programmes.module.css';
import { num } from '../../lib/format/datetime';

/**
 * /rank-reward (spec section 9; ADR 0021): rank 7's reward, a top-grade card worth 200,000 points. The member picks
 * one and ships it or converts it to its points, like a drawn card; the choice is final.
 */
export function RankRewardPage() {
  const { t } = useTranslation('programmes');
  const qc = useQueryClient();
  const refresh = useRefreshCurrentUser();
  const { data, isPending } = useRankRewards();
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (isPending) return <LoadingOverlay />;
  const waiting = (data?.rewards ?? []).find((r) => r.status === 'choosing');
  const cards = data?.cards ?? [];
  const parcel = (data?.rewards ?? []).find((r) => r.status === 'shipping' && r.shipment)?.shipment;

  const decide = async (action: 'ship' | 'convert') => {
    if (!waiting || picked === null || busy) return;
    if (!window.confirm(t(action === 'ship' ? 'reward.confirmShip' : 'reward.confirmConvert'))) return;
    setBusy(true);
    const reply = await chooseRankCard(waiting.id, picked, action);
    setBusy(false);
    if (reply.state === 200) {
      setMessage(action === 'ship' ? t('reward.shipped') : t('reward.converted', { value: num(reply.point) }));
      await refresh();
      await qc.invalidateQueries({ queryKey: ['programmes', 'rank_reward'] });
      return;
    }
    setMessage(firstError(reply, 'general') ?? firstError(reply, 'card_id') ?? t('reward.failed'));
  };

  return (
    <AccountCard
      titleId="rank-reward-title"
      title={t('reward.title')}
      lead={waiting ? t('reward.lead', { value: num(waiting.point) }) : t('reward.none')}
    >
      {message && (
        <p role="status" className={own.lead}>
          {message}
        </p>
      )}
      {parcel ? <ShipmentTimeline shipment={parcel} /> : null}
      {waiting && (
        <>
          <ul className={own.rewardGrid} aria-label={t('reward.listLabel')}>
            {cards.map((c) => (
              <li key={c.id}>
                <label className={own.rewardCard} data-picked={picked === c.id ? '1' : '0'}>
                  <input type="radio" name="reward-card" checked={picked === c.id} onChange={() => setPicked(c.id)} />
                  <img src={c.image} alt="" width={120} height={168} loading="lazy" />
                  <span>{c.name}</span>
                </label>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primary}
              disabled={picked === null || busy}
              onClick={() => void decide('ship')}
            >
              {t('reward.ship')}
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={picked === null || busy}
              onClick={() => void decide('convert')}
            >
              {t('reward.convert')}
            </button>
          </div>
        </>
      )}
      <p>
        <Link to="/">{t('sms.toTop')}</Link>
      </p>
    </AccountCard>
  );
}
