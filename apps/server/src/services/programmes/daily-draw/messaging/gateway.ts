/**
 * The messaging app a member links for the daily draw (ADR 0024): LINE Login in production, a sandbox that links
 * at once in development and tests. The member's browser goes to `authorizeUrl`, comes back to the daily-draw page
 * with `code` and `state`, and the page hands both to the server, which asks `userIdForCode`.
 */
export interface MessagingGateway {
  readonly provider: 'sandbox' | 'line';
  authorizeUrl(state: string, redirectUri: string): string;
  /** The app's user id for the callback's code; null when the code is refused (or the official account is not a friend). */
  userIdForCode(code: string, redirectUri: string): Promise<string | null>;
}
