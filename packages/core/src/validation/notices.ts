import { z } from 'zod';
import { idField } from './fields.ts';

/** `POST /api/user/pack/notify` and `/api/user/pack/notify/cancel`: the pack whose sale start a member asks about. */
export const saleStartNoticeSchema = z.object({ packId: idField });

const base64url = (max: number) =>
  z.string({ error: 'pushSubscriptionInvalid' }).regex(new RegExp(`^[A-Za-z0-9_-]{16,${max}}={0,2}$`), {
    message: 'pushSubscriptionInvalid',
  });

/** A push endpoint: the https URL of the browser's push service (every browser's is), at most 1000 characters. */
export const pushEndpointField = z
  .string({ error: 'pushSubscriptionInvalid' })
  .max(1000, 'pushSubscriptionInvalid')
  .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', { message: 'pushSubscriptionInvalid' });

/** A browser's PushSubscription.toJSON(), as an object or as its JSON text. */
export const pushSubscriptionSchema = z.object({
  subscription: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return null;
      }
    },
    z.object(
      {
        endpoint: pushEndpointField,
        keys: z.object({ p256dh: base64url(200), auth: base64url(64) }, { error: 'pushSubscriptionInvalid' }),
      },
      { error: 'pushSubscriptionInvalid' },
    ),
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>['subscription'];

/**
 * `POST /api/user/pack/notify/off`: the signed key of a mailed "stop these notices" link (no login: the key names
 * the member and is signed by the shop; issue 22 §4).
 */
export const saleStartOffSchema = z.object({
  key: z
    .string({ error: 'noticeOffLinkInvalid' })
    .regex(/^\d{1,15}-[A-Za-z0-9_-]{22}$/, { message: 'noticeOffLinkInvalid' }),
});

/** What `POST /api/user/pack/notify/off` answers: what it stopped (0 and 0 when the link was used before). */
export interface SaleStartOffReply {
  /** Sale-start notices that were still to come. */
  requests: number;
  /** Devices that no longer get pushes. */
  devices: number;
}

/** `POST /api/user/push/unsubscribe`: this device's endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointField });

/** What `GET /api/user/pack/notify` answers: the member's pending notices and whether push can be used. */
export interface SaleStartNoticesReply {
  /** startDate: Tokyo time on the wire, "2026-11-30 18:00:00", as a pack's start_date. */
  notices: { packId: number; name: string; startDate: string }[];
  /** The VAPID public key for PushManager.subscribe, or null when the shop sends by mail only. */
  vapidPublicKey: string | null;
}
