import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './CopyButton.module.css';

/** Puts text on the clipboard: the async Clipboard API, or a selected hidden textarea where it is missing. */
export async function copyText(text: string, doc: Document = document): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure context): try the old way.
  }
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.appendChild(area);
  area.select();
  try {
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * A small "copy" button beside something a member must type elsewhere (a bank account, a receipt number, the
 * fairness hash): the context menu is off (spec section 1), so this is how they copy it. Its name starts with the
 * visible word and says what is copied; the result is announced in a live region.
 */
export function CopyButton({ text, what, className }: { text: string; what: string; className?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const ok = await copyText(text);
    setState(ok ? 'done' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };
  return (
    <span className={`${styles.wrap} ${className ?? ''}`}>
      <button
        type="button"
        className={styles.button}
        aria-label={t(state === 'done' ? 'copy.labelDone' : 'copy.label', { what })}
        onClick={() => void copy()}
        data-testid="copy-button"
      >
        {state === 'done' ? t('copy.done') : t('copy.button')}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'done' ? t('copy.announced', { what }) : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </span>
  );
}
