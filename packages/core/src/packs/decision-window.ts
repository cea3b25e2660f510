/**
 * A drawn or exchanged card waits this long for the member's choice, ship or convert, before the shop converts it
 * (spec section 4): the jobs convert after it and the result screens show its end (decide_by).
 */
export const DECISION_WINDOW_MS = 24 * 3600_000;
