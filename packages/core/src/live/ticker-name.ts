import { z } from 'zod';

/**
 * How the live hit ticker names a member's S and A draws on every open page (issue 22 §3, ADR 0059): the anonymous
 * label, or the first letter of the family name (liveHitName). Anonymous until the member chooses otherwise on My
 * Page: the ticker goes to everyone, and nobody agreed to their initial being broadcast before the setting existed.
 */
export const TICKER_NAMES = ['anonymous', 'initial'] as const;
export type TickerName = (typeof TICKER_NAMES)[number];
export const TICKER_NAME_DEFAULT: TickerName = 'anonymous';

/** `POST /api/user/ticker_name {ticker_name}`. */
export const tickerNameSchema = z.object({
  ticker_name: z.enum(TICKER_NAMES, { error: 'tickerNameInvalid' }),
});

/** `GET` and `POST /api/user/ticker_name`: the choice, and what the ticker would show with the initial (null: none). */
export interface TickerNameReply {
  ticker_name: TickerName;
  initial: string | null;
}
