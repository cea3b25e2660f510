import type { AppContext } from '../context.ts';
import type { StaffSession } from '../services/admin/staff-sessions.ts';

/**
 * What the HTTP plumbing asks the shop while it reads a request: who a session cookie belongs to, whether the
 * maintenance switch is on, who a staff cookie belongs to. http/ knows cookies, envelopes and errors, not sessions
 * or settings (it never imports services/: walls test), so whoever builds the app hands these in
 * (routes/shop-lookups.ts, given by app.ts).
 */
export interface ShopLookups {
  /** The member of a live member session id, else null. */
  sessionMember(ctx: AppContext, sid: string): Promise<number | null>;
  /** Whether the shop's maintenance switch is on. */
  maintenance(ctx: AppContext): Promise<boolean>;
  /** A staff session (at any stage of signing in) by its cookie's id, else null. */
  staffSession(ctx: AppContext, sid: string): Promise<StaffSession | null>;
}
