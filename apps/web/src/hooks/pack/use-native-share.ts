import { useEffect, useState } from 'react';
import { hitShareData } from '../../lib/pack/hit-share';

/**
 * The Web Share API for a hit, where the browser has it. The card's image is fetched ahead as a file when the
 * browser can share files (navigator.canShare), so the tap shares at once: a fetch between the tap and
 * navigator.share would use up the tap's permission on some phones.
 */
export function useNativeShare(o: { title: string; text: string; url: string; image: string | null }) {
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const [file, setFile] = useState<File | null>(null);
  const { image } = o;
  useEffect(() => {
    if (!canShare || !image || typeof navigator.canShare !== 'function') return;
    let live = true;
    fetch(image)
      .then((r) => (r.ok ? r.blob() : null))
      .then((blob) => {
        if (!live || !blob) return;
        const f = new File([blob], 'kirakira-oripa-hit.png', { type: 'image/png' });
        if (navigator.canShare({ files: [f] })) setFile(f);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [canShare, image]);
  // A share the member closes rejects (AbortError): nothing to report.
  const share = () => void navigator.share(hitShareData({ ...o, file })).catch(() => undefined);
  return { canShare, share, withFile: file !== null };
}
