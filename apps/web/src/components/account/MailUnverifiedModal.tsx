import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { ResendMailButton } from './ResendMailButton';
import styles from './AccountForm.module.css';

/**
 * The refusal of a mail address not confirmed yet, wherever value is gained (issue 19 §2): the server's message and
 * a button that mails the confirmation link again. Open while `message` is set (see useMailRefusal).
 */
export function MailUnverifiedModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <Modal
      open={message !== null}
      title={t('verifyMail.requiredTitle')}
      onClose={onClose}
      actions={
        <>
          <ResendMailButton className={styles.secondary} />
          <button type="button" className={styles.primary} onClick={onClose}>
            {t('ok', { ns: 'common' })}
          </button>
        </>
      }
    >
      <p role="alert">{message}</p>
    </Modal>
  );
}
