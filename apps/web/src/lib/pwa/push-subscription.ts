import { apiPost } from '../../api/client';

/**
 * This device's Web Push subscription (issue 22 §4, ADR 0051). Push needs the service worker (public/sw.js, a
 * production build) and the browser's permission; without either, notices come by mail, so every failure here
 * answers false rather than throwing.
 */
export const pushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window;

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** Whether this device is subscribed now. */
export async function devicePushOn(): Promise<boolean> {
  const reg = await registration();
  return Boolean(reg && (await reg.pushManager.getSubscription()));
}

const keyBytes = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/** Subscribes this device (asking the browser's permission) and tells the shop; true when push is on. */
export async function turnDevicePushOn(vapidPublicKey: string | null): Promise<boolean> {
  const reg = await registration();
  if (!reg || !vapidPublicKey) return false;
  try {
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
    const reply = await apiPost('/user/push/subscribe', { subscription: sub.toJSON() });
    return reply.state === 200;
  } catch {
    return false;
  }
}

/** Unsubscribes this device here and at the shop (the member's other devices keep theirs). */
export async function turnDevicePushOff(): Promise<void> {
  const reg = await registration();
  const sub = reg ? await reg.pushManager.getSubscription() : null;
  if (!sub) return;
  await apiPost('/user/push/unsubscribe', { endpoint: sub.endpoint });
  await sub.unsubscribe().catch(() => false);
}
