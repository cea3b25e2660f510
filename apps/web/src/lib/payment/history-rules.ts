/**
 * History rows (spec section 3): a row is a link when its bonus (points or coins) is ≤ 0 and history_id > 0, i.e.
 * it was spent on a pack. Following it loads the pack history: status '1' opens the detail, anything else goes to
 * that purchase's card choice (the cards are still to choose).
 */
export const isHistoryLink = (bonus: number, historyId: number) => bonus <= 0 && historyId > 0;

export { packHistoryPath as packHistoryTarget } from '../pack/result-paths';
