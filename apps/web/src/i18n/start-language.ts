import type { Lang } from '@oripa/core';

/** Where a language the visitor picked with a switch is kept (not the one merely in use: see rememberLanguage). */
export const CHOSEN_KEY = 'lang-chosen';

/**
 * The language the console starts in: the one the staff member last picked with the switch, else the first of the
 * browser's languages (navigator.languages, most preferred first) that is Japanese or English, else Japanese.
 */
export function startLanguage(chosen: string | null, browser: readonly string[]): Lang {
  if (chosen === 'ja' || chosen === 'en') return chosen;
  for (const tag of browser) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'ja' || primary === 'en') return primary;
  }
  return 'ja';
}

export function readChosenLanguage(): string | null {
  try {
    return localStorage.getItem(CHOSEN_KEY);
  } catch {
    return null;
  }
}

export function saveChosenLanguage(lang: Lang): void {
  try {
    localStorage.setItem(CHOSEN_KEY, lang);
  } catch {
    // Storage blocked: the browser's language decides next time.
  }
}
