import { pageMeta } from '@oripa/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moreStrings } from '../i18n';

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

/**
 * The page's `<title>` and description while it is shown; a page with its own texts (a pack's name) passes them.
 * An empty description leaves the current one until the real one is known.
 */
export function usePageMeta(title: string, description: string) {
  useEffect(() => {
    if (!title) return;
    // The server wrote the same title into a page it drew: rewriting it as the page hydrates is DOM work for nothing.
    if (document.title !== title) document.title = title;
    if (description) setDescription(description);
  }, [title, description]);
}

/**
 * A route's title ("<page> | <shop>") and description in the current language, from the `titles` and `meta`
 * catalogues by the route's key; the top page uses the texts the server also writes (core's pageMeta).
 */
export function useRouteMeta(titleKey: string) {
  const { t, i18n } = useTranslation(['titles', 'meta']);
  const lang = i18n.language === 'en' ? 'en' : 'ja';
  const texts = pageMeta[lang];
  const top = titleKey === 'top';
  const title = top ? texts.topTitle : `${t(titleKey, { ns: 'titles' })} | ${texts.shopName}`;
  // The descriptions come in the catalogue chunk fetched after the first render (the top page's bundle budget).
  // A lazy page waits for that chunk before it renders, so this waits only on a route shown without its page (a
  // guest on a member page, on the way to /login).
  const [metaLoaded, setMetaLoaded] = useState(() => i18n.hasResourceBundle(lang, 'meta'));
  useEffect(() => {
    if (top || metaLoaded) return;
    let live = true;
    moreStrings().then(
      () => live && setMetaLoaded(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [top, metaLoaded]);
  const description = top
    ? texts.topDescription
    : metaLoaded
      ? t([`description.${titleKey}`, 'description.default'], { ns: 'meta' })
      : '';
  usePageMeta(title, description);
}
