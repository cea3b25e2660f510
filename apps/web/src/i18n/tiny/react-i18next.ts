import { useMemo, useSyncExternalStore } from 'react';
import i18n, { type I18n, type TFunction } from './i18next';

/**
 * react-i18next's useTranslation for the storefront's build (aliased in vite.config.ts with ./i18next.ts, ADR 0029):
 * a `t` bound to the first namespace asked for (react-i18next's default nsMode; others are reached as `ns:key`),
 * re-rendering the component when the language changes. Catalogues are in before the first render
 * (main.tsx, routes/lazy-page.ts), so nothing suspends.
 */

/** A no-op plugin: this useTranslation reads the one instance directly. */
export const initReactI18next = { type: '3rdParty' as const, init() {} };

const subscribe = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => void i18n.off('languageChanged', onChange);
};
const language = () => i18n.language;

type UseTranslation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

export function useTranslation(ns?: string | readonly string[]): UseTranslation {
  const lng = useSyncExternalStore(subscribe, language, language);
  const first = typeof ns === 'string' ? ns : ns?.[0];
  // A new `t` for each language, as react-i18next gives, so memos and effects that depend on it run again.
  return useMemo(() => {
    const t = i18n.getFixedT(null, first);
    return Object.assign([t, i18n, true], { t, i18n, ready: true, lng }) as unknown as UseTranslation;
  }, [first, lng]);
}
