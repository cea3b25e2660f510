/** The wire shapes of the waiting room (GET /api/packs/:id/drop, the console's drop settings). */

export interface DropInfo {
  prequeue_opens_at: string;
  starts_at: string;
  admit_per_minute: number;
  stay_minutes: number;
  /** SHA-256 of the shuffle's seed, published before the pre-queue opens. */
  seed_hash: string;
  /** Revealed once the pre-queue has been shuffled. */
  seed: string | null;
}

export type DropQueueState =
  /** The pre-queue has not opened yet: come back at prequeue_opens_at. */
  | 'not_open'
  /** Not in the queue (yet): the page solves the challenge and joins. */
  | 'outside'
  /** In the pre-queue: the order is decided at the start. */
  | 'prequeue'
  | 'waiting'
  | 'admitted'
  | 'expired';

export interface DropStatus {
  /** Named apart from the envelope's `state` (the HTTP status class). */
  queue_state: DropQueueState;
  /** Everyone in the queue, and for 'prequeue' everyone who has joined so far. */
  queued: number;
  place: number | null;
  ahead: number | null;
  wait_seconds: number | null;
  admitted_at: string | null;
  expires_at: string | null;
  /** The member's entry code, shown so they can find themselves in the published order. */
  entry_code: string | null;
  drop: DropInfo;
  /** When to ask again, in ms: the server backs the page off with its distance from the front (pollDelayMs). */
  poll_ms: number;
}
