/** The notifications module's public entry. */
export { createRecordingNotificationEvents } from './notification-events';
export { notificationsSubscriber } from './notifications.subscriber';
export { createUnsubscribeToken } from './unsubscribe-token';
