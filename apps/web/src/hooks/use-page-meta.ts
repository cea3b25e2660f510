import { pageMeta } from '@oripa/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `<meta name="description">`, creating it the first time (index.html has none: the server writes its own). */
function setDescription(text: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  tag.content = text;
}

/** The page's `<title>` and description while it is shown; a page with its own texts (a pack's name) passes them. */
export function usePageMeta(title: string, description: string) {
  useEffect(() => {
    if (!title) return;
    document.title = title;
    setDescription(description);
  }, [title, description]);
}

/**
 * A route's title ("<page> | <shop>") and description in the current language, from the `titles` and `meta`
 * catalogues by the route's key; the top page uses the texts the server also writes (core's pageMeta).
 */
export function useRouteMeta(titleKey: string) {
  const { t, i18n } = useTranslation(['titles', 'meta']);
  const texts = pageMeta[i18n.language === 'en' ? 'en' : 'ja'];
  const top = titleKey === 'top';
  const title = top ? texts.topTitle : `${t(titleKey, { ns: 'titles' })} | ${texts.shopName}`;
  const description = top
    ? texts.topDescription
    : t([`description.${titleKey}`, 'description.default'], { ns: 'meta' });
  usePageMeta(title, description);
}
