import { useEffect } from 'react';

/**
 * Sets <link rel="canonical"> to `path` on this origin while the page is mounted and removes it afterwards
 * (spec section 2: canonical links on the top page and on pack-detail with packId). Pass null to set none.
 */
export function useCanonical(path: string | null) {
  useEffect(() => {
    if (path === null) return;
    const href = new URL(path, window.location.origin).toString();
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const created = !link;
    const previous = link?.getAttribute('href') ?? null;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = href;
    return () => {
      // Leave the head as it was: a link from index.html gets its old value back, ours goes away.
      if (created) link.remove();
      else if (previous !== null) link.setAttribute('href', previous);
    };
  }, [path]);
}
