import { rankDefinition } from '@oripa/core';
import { currentLang } from '../../i18n';

/** The member-rank name for a rank limit (e.g. 3 → ゴールド / Gold). */
export const rankName = (rank: number) => {
  const def = rankDefinition(rank);
  return currentLang() === 'en' ? def.nameEn : def.nameJa;
};
