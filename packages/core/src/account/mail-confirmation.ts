/**
 * Issue 19 §2: an account gains value only once its mail address is confirmed (the link of the registration mail).
 * Packs, points and coins are bought, exchange-corner cards taken and programme rewards (SMS bonus, follow campaign,
 * daily draw, referral) received only by a member whose current address is confirmed, so an account made on an
 * address nobody reads cannot collect them. Every refusal is the same one: 403, this reason and this message, on
 * which the SPA offers to send the link again.
 */
export const MAIL_UNVERIFIED_REASON = 'mail_unverified';
export const MAIL_UNVERIFIED_MESSAGE = 'mailUnverified';

/** Whether an account whose address was confirmed at `verifiedAt` (null: not yet) may gain value. */
export const mailConfirmed = (verifiedAt: Date | null | undefined): boolean => verifiedAt != null;
