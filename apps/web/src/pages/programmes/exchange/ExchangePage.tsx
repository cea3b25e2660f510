import type { ExchangeCardItem, ExchangeCheckReply, ExchangeOrderItem } from '@oripa/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshCurrentUser } from '../../../api/account';
import {
  checkExchange,
  decideExchange,
  exchangeCard,
  perkKeys,
  requestKey,
  useExchangeCards,
} from '../../../api/perks';
import { refusal } from '../../../lib/perks/refusal';
import { AddressModal } from '../../../components/account/AddressModal';
import { MailUnverifiedModal } from '../../../components/account/MailUnverifiedModal';
import { useMailRefusal } from '../../../hooks/account/use-mail-refusal';
import { LoadState } from '../../../components/payment/LoadState';
import { Modal } from '../../../components/ui/Modal';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Pager } from '../../../components/ui/Pager';
import { PERKS_NS } from '../perks-i18n';
import styles from '../Perks.module.css';
import { num } from '../../../lib/format/datetime';

/**
 * The exchange corner (/exchange-card): cards for points with a finite stock; a confirmation shows the points
 * before and after; an exchanged card is then shipped or converted, like a drawn card (ADR 0022).
 */
export function ExchangePage() {
  const { t } = useTranslation(PERKS_NS);
  const [page, setPage] = useState(1);
  const query = useExchangeCards(page);
  const qc = useQueryClient();
  const refreshUser = useRefreshCurrentUser();
  const [confirm, setConfirm] = useState<(ExchangeCheckReply & { key: string }) | null>(null);
  const [done, setDone] = useState<ExchangeOrderItem | null>(null);
  const [addressFor, setAddressFor] = useState<ExchangeOrderItem | null>(null);
  const [busy, setBusy] = useState(false);
  const mail = useMailRefusal();
  const fmt = (n: number) => num(n);

  const refresh = async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: perkKeys.exchange(page) }), refreshUser()]);
  };

  const start = async (card: ExchangeCardItem) => {
    if (busy) return;
    setBusy(true);
    const reply = await checkExchange(card.id);
    setBusy(false);
    if (reply.state === 200 && reply.card) {
      setConfirm({
        card: reply.card,
        point_before: reply.point_before!,
        point_after: reply.point_after!,
        key: requestKey(),
      });
      return;
    }
    if (!mail.caught(reply)) window.alert(refusal(reply));
    await refresh();
  };

  const exchange = async () => {
    if (!confirm || busy) return;
    setBusy(true);
    const reply = await exchangeCard(confirm.card.id, confirm.key);
    setBusy(false);
    setConfirm(null);
    await refresh();
    if (reply.state === 200 && reply.order) setDone(reply.order);
    else if (!mail.caught(reply)) window.alert(refusal(reply));
  };

  const decide = async (order: ExchangeOrderItem, action: 'ship' | 'convert') => {
    if (busy) return;
    setBusy(true);
    const reply = await decideExchange(order.id, action);
    setBusy(false);
    if (reply.result === '0') {
      setAddressFor(order);
      return;
    }
    setDone(null);
    await refresh();
    if (reply.result === '1') {
      window.alert(
        action === 'ship' ? t('exchange.shipped') : t('exchange.converted', { point: fmt(order.card.convert_point) }),
      );
    } else window.alert(reply.result === '-1' ? t('exchange.already') : refusal(reply));
  };

  const data = query.data?.state === 200 ? query.data : undefined;
  return (
    <section className={styles.page} aria-labelledby="exchange-title">
      <PageTitle id="exchange-title" className={styles.title} subtitle={t('exchange.subtitle')}>
        {t('exchange.title')}
      </PageTitle>
      <p className={styles.lead}>{t('exchange.lead')}</p>

      {data && data.pending && data.pending.length > 0 && (
        <section className={styles.card} aria-labelledby="exchange-pending">
          <h2 id="exchange-pending" className={styles.sectionTitle}>
            {t('exchange.pendingTitle')}
          </h2>
          <p className={styles.muted}>{t('exchange.pendingLead')}</p>
          {data.pending.map((o) => (
            <div key={o.id} className={styles.pendingItem}>
              <img src={o.card.image_url} alt="" width={64} height={90} />
              <div className={styles.row}>
                <span className={styles.name}>{o.card.name}</span>
                <DecisionButtons order={o} onDecide={decide} busy={busy} />
              </div>
            </div>
          ))}
        </section>
      )}

      {!data ? (
        <LoadState error={query.isError} onRetry={() => void query.refetch()} />
      ) : !data.list || data.list.length === 0 ? (
        <p className={styles.card}>{t('exchange.empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {data.list.map((c) => {
            const out = c.stock_left <= 0;
            return (
              <li key={c.id} className={`${styles.item} ${out ? styles.soldOut : ''}`}>
                <img src={c.image_url} alt="" width={252} height={352} />
                <span className={styles.name}>{c.name}</span>
                <span className={styles.muted}>{c.model_number}</span>
                <span className={styles.price}>{t('exchange.price', { point: fmt(c.point) })}</span>
                <span className={styles.stock}>
                  {out ? t('exchange.soldOut') : t('exchange.stock', { left: c.stock_left, total: c.stock_total })}
                </span>
                <button
                  type="button"
                  className={styles.primary}
                  disabled={out || busy}
                  onClick={() => void start(c)}
                  aria-label={`${c.name} ${t('exchange.exchange')}`}
                >
                  {out ? t('exchange.soldOut') : t('exchange.exchange')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {data?.page && <Pager page={data.page} onPage={setPage} />}

      <Modal
        open={confirm !== null}
        title={t('exchange.confirmTitle')}
        onClose={() => setConfirm(null)}
        actions={
          <>
            <button type="button" className={styles.secondary} onClick={() => setConfirm(null)}>
              {t('exchange.cancel')}
            </button>
            <button type="button" className={styles.primary} disabled={busy} onClick={() => void exchange()}>
              {t('exchange.confirm')}
            </button>
          </>
        }
      >
        {confirm && (
          <>
            <p className={styles.name}>
              {t('exchange.confirmCard', { name: confirm.card.name, point: fmt(confirm.card.point) })}
            </p>
            <dl className={styles.dl}>
              <dt>{t('exchange.before')}</dt>
              <dd>{fmt(confirm.point_before)}pt</dd>
              <dt>{t('exchange.after')}</dt>
              <dd>{fmt(confirm.point_after)}pt</dd>
            </dl>
          </>
        )}
      </Modal>

      <Modal open={done !== null} title={t('exchange.doneTitle')} onClose={() => setDone(null)}>
        {done && (
          <div className={styles.pendingItem}>
            <img src={done.card.image_url} alt="" width={64} height={90} />
            <div>
              <p>{t('exchange.doneLead', { name: done.card.name })}</p>
              <DecisionButtons order={done} onDecide={decide} busy={busy} />
            </div>
          </div>
        )}
      </Modal>

      <AddressModal
        open={addressFor !== null}
        onClose={() => setAddressFor(null)}
        onSaved={() => {
          const order = addressFor;
          setAddressFor(null);
          if (order) void decide(order, 'ship');
        }}
      />
      <MailUnverifiedModal message={mail.message} onClose={mail.close} />
    </section>
  );
}

function DecisionButtons({
  order,
  onDecide,
  busy,
}: {
  order: ExchangeOrderItem;
  onDecide: (o: ExchangeOrderItem, action: 'ship' | 'convert') => Promise<void>;
  busy: boolean;
}) {
  const { t } = useTranslation(PERKS_NS);
  return (
    <div className={styles.actions}>
      <button type="button" className={styles.primary} disabled={busy} onClick={() => void onDecide(order, 'ship')}>
        {t('exchange.ship')}
      </button>
      {order.card.no_reduction !== '1' && (
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => void onDecide(order, 'convert')}
        >
          {t('exchange.convert', { point: num(order.card.convert_point) })}
        </button>
      )}
    </div>
  );
}
