import type { DrawnCard } from '@oripa/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/Modal';
import { OnceMoreModal } from '../../components/pack/OnceMoreModal';
import { useDecision } from './use-decision';
import styles from '../../components/pack/PurchaseDialogs.module.css';
import { num } from '../../lib/format/datetime';

/**
 * 'Skip shipping': after a confirm, every convertible card becomes points (no_reduction cards still ship), then
 * the once-more modal offers the pack again.
 */
export function useSkipShipping(cards: DrawnCard[], packId: number | null, cardType?: number) {
  const { t } = useTranslation(['pack', 'common']);
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const decision = useDecision(() => {
    setAsking(false);
    setDone(true);
  });
  const send = cards.filter((c) => c.no_reduction === '1').map((c) => c.history_id);
  const reduce = cards.filter((c) => c.no_reduction !== '1');
  const points = reduce.reduce((sum, c) => sum + c.buy_point, 0);
  const element = (
    <>
      <Modal
        open={asking}
        title={t('skip.title')}
        onClose={() => setAsking(false)}
        actions={
          <>
            <button type="button" className={styles.secondary} onClick={() => setAsking(false)}>
              {t('cancel', { ns: 'common' })}
            </button>
            <button
              type="button"
              className={styles.primary}
              disabled={decision.busy}
              onClick={() =>
                void decision.decide(
                  send,
                  reduce.map((c) => c.history_id),
                )
              }
            >
              {t('skip.confirm')}
            </button>
          </>
        }
      >
        <p>{t('skip.body', { count: reduce.length, points: num(points) })}</p>
        {send.length > 0 && <p className={styles.note}>{t('skip.locked', { count: send.length })}</p>}
        <p className={styles.note}>{t('decide.irreversible')}</p>
        {decision.error && (
          <p role="alert" className={styles.note} style={{ color: 'var(--danger)' }}>
            {decision.error}
          </p>
        )}
      </Modal>
      {decision.addressModal}
      <OnceMoreModal open={done} packId={packId} cardType={cardType} />
    </>
  );
  return { open: () => setAsking(true), element };
}
