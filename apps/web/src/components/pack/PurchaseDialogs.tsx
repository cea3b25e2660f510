import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResendMailButton } from '../account/ResendMailButton';
import { Modal } from '../ui/Modal';
import { PurchaseSummary } from './PurchaseSummary';
import type { usePurchaseFlow } from '../../hooks/pack/use-purchase-flow';
import styles from './PurchaseDialogs.module.css';
import { num } from '../../lib/format/datetime';

/** The purchase-confirm, insufficient-points, insufficient-coins and error modals of one purchase flow. */
export function PurchaseDialogs({
  flow,
  packId,
  packName,
}: {
  flow: ReturnType<typeof usePurchaseFlow>;
  packId: number;
  packName: string;
}) {
  const { t } = useTranslation(['pack', 'common']);
  const navigate = useNavigate();
  const { state, close, confirm, user } = flow;
  return (
    <>
      <Modal
        open={state.step === 'confirm'}
        title={t('confirm.title')}
        onClose={close}
        actions={
          <>
            <button type="button" className={styles.secondary} onClick={close}>
              {t('cancel', { ns: 'common' })}
            </button>
            <button type="button" className={styles.primary} onClick={() => void confirm()} data-testid="confirm-buy">
              {t('confirm.buy')}
            </button>
          </>
        }
      >
        {state.step === 'confirm' && (
          <>
            <PurchaseSummary check={state.check} packName={packName} user={user} />
            <p className={styles.note}>{t('confirm.note')}</p>
          </>
        )}
      </Modal>
      <Modal
        open={state.step === 'insufficientPoints'}
        title={t('insufficient.pointsTitle')}
        onClose={close}
        actions={
          <>
            <button type="button" className={styles.secondary} onClick={close}>
              {t('no', { ns: 'common' })}
            </button>
            <button type="button" className={styles.primary} onClick={() => navigate(`/buy-point?packId=${packId}`)}>
              {t('yes', { ns: 'common' })}
            </button>
          </>
        }
      >
        {state.step === 'insufficientPoints' && state.missing ? (
          <p>{t('insufficient.pointsMissing', { missing: num(state.missing) })}</p>
        ) : (
          <p>{t('insufficient.points')}</p>
        )}
      </Modal>
      <Modal
        open={state.step === 'insufficientCoins'}
        title={t('insufficient.coinsTitle')}
        onClose={close}
        actions={
          <button type="button" className={styles.primary} onClick={close}>
            {t('close', { ns: 'common' })}
          </button>
        }
      >
        {state.step === 'insufficientCoins' && state.missing ? (
          <p>{t('insufficient.coinsMissing', { missing: num(state.missing) })}</p>
        ) : (
          <p>{t('insufficient.coins')}</p>
        )}
      </Modal>
      <Modal
        open={state.step === 'error'}
        title={t('errors.title')}
        onClose={close}
        actions={
          <>
            {state.step === 'error' && state.resendMail && <ResendMailButton className={styles.secondary} />}
            {state.step === 'error' && state.checkHistory && (
              <button type="button" className={styles.secondary} onClick={() => navigate('/buy-product-history')}>
                {t('errors.toHistory')}
              </button>
            )}
            <button type="button" className={styles.primary} onClick={close}>
              {t('ok', { ns: 'common' })}
            </button>
          </>
        }
      >
        <p role="alert">{state.step === 'error' ? state.message : ''}</p>
      </Modal>
    </>
  );
}
