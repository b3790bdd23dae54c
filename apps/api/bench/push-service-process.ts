/**
 * The test push service in a process of its own for `bench/push-fanout.ts` (argv[2]: the VAPID
 * public key it accepts). Messages: `subscribe` (count) → the subscriptions; `until` (count) →
 * when that many pushes were taken, with the number refused.
 */
import { startTestPushService, type TestSubscription } from '../src/testing/push-service';

const service = await startTestPushService({ vapidPublicKey: process.argv[2] });
process.on('message', (message: { type: string; count: number }) => {
  void (async () => {
    if (message.type === 'subscribe') {
      const subscriptions: TestSubscription[] = [];
      for (let index = 0; index < message.count; index++) subscriptions.push(await service.subscribe());
      process.send?.({ type: 'subscriptions', subscriptions });
    } else if (message.type === 'until') {
      await service.until(message.count, 600_000);
      process.send?.({ type: 'received', count: service.received.length, refused: service.refused.length });
    }
  })();
});
process.on('disconnect', () => void service.close().then(() => process.exit(0)));
process.send?.({ type: 'ready', origin: service.origin });
