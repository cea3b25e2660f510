import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Saves `text` as a plain-text file named `filename` (a download made in the browser; nothing leaves it). */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/**
 * A button that copies `text` to the clipboard and says so beside it (a status, read out by screen readers), or says
 * that it could not (an insecure page or a refused permission: the text is still on screen to select).
 */
export function CopyButton({ text, label, copied }: { text: string; label: string; copied: string }) {
  const { t } = useTranslation('admin-common');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <>
      <button type="button" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className={state === 'failed' ? 'a-error-text' : 'a-ok-text'}>
        {state === 'copied' ? copied : state === 'failed' ? t('copyFailed') : ''}
      </span>
    </>
  );
}
