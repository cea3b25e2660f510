import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import styles from './Payment.module.css';

/** The spec's "alerts" as an accessible modal: a title, a message and one button (or the given actions). */
export function AlertModal({
  open,
  title,
  message,
  onClose,
  actions,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      actions={
        actions ?? (
          <button type="button" className={styles.primary} onClick={onClose} autoFocus>
            {t('ok')}
          </button>
        )
      }
    >
      <p role="alert">{message}</p>
    </Modal>
  );
}
