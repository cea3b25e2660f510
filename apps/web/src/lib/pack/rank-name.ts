import { rankNameIn, rankOrAbove } from '@oripa/core';
import { currentLang } from '../../i18n';

/** The member-rank name for a rank limit (e.g. 3 → ゴールド / Gold), in the current language. */
export const rankName = (rank: number) => rankNameIn(rank, currentLang());

/** A pack's rank limit as the badge, the blocked note and the server's refusal word it (3 → ゴールド以上 / Gold or above). */
export const rankLimitName = (rank: number) => rankOrAbove(rank, currentLang());
