import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePackDetail } from '../../api/packs';
import { Modal } from '../ui/Modal';
import { PackBanner } from './PackBanner';
import styles from './PurchaseDialogs.module.css';

/** 'Once more', after skipping shipping: the pack to draw again, a back-to-list button, the shipping promise. */
export function OnceMoreModal({ open, packId, cardType }: { open: boolean; packId: number | null; cardType?: number }) {
  const { t } = useTranslation('pack');
  const navigate = useNavigate();
  const pack = usePackDetail(open ? packId : null, 0);
  const detail = pack.data?.detail;
  const type = detail?.card_type ?? cardType ?? 1;
  return (
    <Modal
      open={open}
      title={t('onceMore.title')}
      onClose={() => navigate('/', { replace: true })}
      actions={
        <button type="button" className={styles.secondary} onClick={() => navigate(`/pack-list?index=${type}`)}>
          {t('onceMore.backToList')}
        </button>
      }
    >
      <p className={styles.note} style={{ marginTop: 0, marginBottom: 12 }}>
        {t('onceMore.body')}
      </p>
      {detail && <PackBanner pack={detail} />}
      <p className={styles.note}>{t('onceMore.shipping')}</p>
    </Modal>
  );
}
