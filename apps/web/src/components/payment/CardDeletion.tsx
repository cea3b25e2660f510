import type { SavedCard } from '@oripa/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteCard } from '../../api/payments';
import { AlertModal } from './AlertModal';
import styles from './Payment.module.css';

type Notice = { ok: boolean; text: string };

/**
 * Deleting a saved card, asked first in a dialog: the confirm page's card choice and /card-input use this one flow.
 * afterDelete runs once the server has deleted it (refetch the list, move the choice).
 */
export function useCardDeletion(afterDelete: () => Promise<void> | void): {
  ask: (card: Pick<SavedCard, 'id' | 'card'>) => void;
  notice: ReactNode;
  dialog: ReactNode;
} {
  const { t } = useTranslation('payment');
  const [toDelete, setToDelete] = useState<Pick<SavedCard, 'id' | 'card'> | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!toDelete || busy) return;
    setBusy(true);
    const reply = await deleteCard(toDelete.id).catch(() => null);
    setBusy(false);
    setToDelete(null);
    if (reply?.state === 200) {
      setNotice({ ok: true, text: t('card.deleted') });
      await afterDelete();
    } else {
      setNotice({ ok: false, text: t('card.deleteFailed') });
    }
  }

  return {
    ask: (card) => {
      setNotice(null);
      setToDelete(card);
    },
    notice: notice && (
      <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? styles.success : styles.error}>
        {notice.text}
      </p>
    ),
    dialog: (
      <AlertModal
        open={toDelete !== null}
        title={t('card.deleteTitle')}
        message={t('card.deleteConfirm', { card: toDelete?.card ?? '' })}
        onClose={() => setToDelete(null)}
        actions={
          <>
            <button type="button" className={styles.secondary} onClick={() => setToDelete(null)} autoFocus>
              {t('cancel', { ns: 'common' })}
            </button>
            <button type="button" className={styles.primary} onClick={() => void confirm()} disabled={busy}>
              {t('card.delete')}
            </button>
          </>
        }
      />
    ),
  };
}

/** The delete button beside a saved card, named with the card for screen readers. */
export function DeleteCardButton({ card, onClick }: { card: Pick<SavedCard, 'card'>; onClick: () => void }) {
  const { t } = useTranslation('payment');
  return (
    <button
      type="button"
      className={styles.secondary}
      onClick={onClick}
      aria-label={t('card.deleteLabel', { card: card.card })}
    >
      {t('card.delete')}
    </button>
  );
}
