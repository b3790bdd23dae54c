/**
 * Web Push on this device (issue 46 item 2): permission, `pushManager.subscribe` with the API's
 * VAPID key, the subscription sent to the API; unsubscribing on sign-out. Push is an addition:
 * without it the candidate gets e-mails, and the open app polls.
 */
import { API_PATHS } from '@matchwerk/shared';
import { api } from './api';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration('/app/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

/** Asks for permission, subscribes this device and registers it with the API. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registration = await navigator.serviceWorker.ready;
  const { vapidPublicKey } = await api<{ vapidPublicKey: string }>(API_PATHS.applicantPushConfig);
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(vapidPublicKey),
  });
  await api(API_PATHS.applicantPushSubscriptions, { method: 'POST', body: subscription.toJSON() });
  return 'on';
}

/** Removes this device's subscription (push off, sign-out). */
export async function disablePush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/app/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api(API_PATHS.applicantPushSubscriptions, {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  }).catch(() => undefined);
  await subscription.unsubscribe();
}
