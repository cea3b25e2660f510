/**
 * Where one purchase's results live. Every link carries the purchase id, so a purchase can be opened again from
 * the history even when it is not the latest one (or the buy's own reply never arrived).
 */
export const revealPath = (purchaseId: number) => `/gacha-animation?purchaseId=${purchaseId}`;

/** The card choice of one purchase; without an id the server shows the latest purchase with cards to choose. */
export const cardChoicePath = (purchaseId: number | null) =>
  purchaseId === null ? '/get-card-list' : `/get-card-list?purchaseId=${purchaseId}`;

/** A history row (pack or coin/point history, spec section 4): decided ('1') → its detail, else its card choice. */
export const packHistoryPath = (status: string | undefined, purchaseId: number) =>
  status === '1' ? `/buy-product-history-detail?packHistoryId=${purchaseId}` : cardChoicePath(purchaseId);

/** An exchanged card's history row: decided → its detail (card and parcel), else the exchange page where it waits. */
export const exchangeHistoryPath = (status: string | undefined, orderId: number) =>
  status === '1' ? `/buy-product-history-detail?exchangeId=${orderId}` : '/exchange-card';
