/**
 * Candidate notifications (issue 46 item 2, ADR 0098/0099): Web Push per device with VAPID, the
 * batched e-mail fallback in "du", settings per kind and quiet hours. Public entry of the module.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { createPushRepository } from './push.repository';
import { pushRoutes, pushUnsubscribeRoutes } from './push.routes';
import { createPushService } from './push.service';
import type { PushDevices } from './push.subscriber';

export {
  candidatePushSubscriber,
  NO_CANDIDATE_NOTIFICATIONS,
  type CandidateNotificationQueue,
  type PushDevices,
} from './push.subscriber';
export type { CandidateNotice } from './candidate-notices';
export {
  CANDIDATE_MAIL_DELAY_SECONDS,
  createCandidateNotifier,
  type CandidateNotifier,
  type NoticeSchedule,
  type PushJob,
} from './candidate-notifier';
export { createPushRepository, type PushRepository } from './push.repository';
export { createPushSender, type PushSender } from './push-sender';
export { generateVapidKeys, resolveVapidKeys, type VapidKeys } from './vapid';
export { createCandidateUnsubscribeToken } from './unsubscribe-token';
export { composeCandidateMail } from './candidate-mail';

export interface PushModuleDeps {
  db: Database;
  vapidPublicKey: string;
  secret: string;
  publicUrl: string;
  clock: () => Date;
}

/** What the subscriber uses to forget a user's devices. */
export function pushDevices(db: Database): PushDevices {
  const repository = createPushRepository(db);
  return { forget: async (userIds) => void (await repository.deleteSubscriptionsOf(userIds)) };
}

/** The candidate's push, settings and unsubscribe routes. */
export async function registerPush(app: FastifyInstance, deps: PushModuleDeps): Promise<void> {
  const service = createPushService({ ...deps, repository: createPushRepository(deps.db) });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  await typed.register(pushRoutes, { service });
  await typed.register(pushUnsubscribeRoutes, { service });
}
