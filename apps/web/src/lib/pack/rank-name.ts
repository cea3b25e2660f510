import { rankNameIn } from '@oripa/core';
import { currentLang } from '../../i18n';

/** The member-rank name for a rank limit (e.g. 3 → ゴールド / Gold), in the current language. */
export const rankName = (rank: number) => rankNameIn(rank, currentLang());
