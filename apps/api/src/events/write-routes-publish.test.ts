/**
 * Every write publishes its domain event after its commit (issue 45, ADR 0092): one table row per
 * write route and per job, run against the real app with a recording subscriber on the app's own
 * bus. A row says what the write publishes — or that it deliberately publishes nothing (sign-ups,
 * passwords, mail-only requests, orders and products, feedback, retention settings, unsubscribe),
 * so the table is the audit list of ADR 0092 in executable form.
 *
 * The table must stay complete: a registered POST/PUT/PATCH/DELETE route (better-auth's one
 * wildcard aside) without a row fails, and so does a job module in `src/jobs` without a row.
 */
import { readdirSync } from 'node:fs';
import { CURRENT_CANDIDATE_LEGAL_VERSIONS } from '@matchwerk/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_SECRET } from '../config/env';
import { chats, matchings, organizationInvitations, organizations, photos, retentionNotices } from '../db/schema/index';
import type { createMailQueue } from '../jobs/mail-jobs';
import { createMemoryMailer } from '../mail/mailer';
import { createCandidateFollowUpRepository } from '../modules/candidate-follow-up/candidate-follow-up.repository';
import { createAnswerDeadlineJob } from '../modules/candidate-follow-up/candidate-follow-up.service';
import { createRetentionRepository } from '../modules/data-protection/retention.repository';
import { createRetentionService } from '../modules/data-protection/retention.service';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository';
import { createNotificationsService } from '../modules/notifications/notifications.service';
import type { createApprovalDigestService } from '../modules/organizations/approval-digest';
import type { createVacancyScheduleService } from '../modules/vacancies/vacancy-schedule';
import { createCandidateUnsubscribeToken, type createCandidateNotifier } from '../modules/push';
import { AUTH_BASE_PATH } from '../plugins/auth-config';
import {
  ACTOR_EMAILS,
  actorHeaders,
  bearer,
  createSessionToken,
  createTestUser,
  type ActorName,
} from '../testing/actors';
import { insertOrganization, insertVacancy, vacancyInput } from '../testing/fixtures';
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, TEST_PUBLIC_URL, type TestApp } from '../testing/test-app';
import { makeImage, multipartBody, type MultipartRequest } from '../testing/uploads';
import { signUpYoungCandidate } from '../testing/young-candidate';
import type {
  DomainEvent,
  DomainEventHandlers,
  DomainEventOf,
  DomainEventSubscriber,
  DomainEventType,
} from './domain-events';

type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const WRITE_METHODS: ReadonlySet<string> = new Set<WriteMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every event type, so the recorder hears them all; a new type does not compile until listed. */
const EVENT_TYPES = Object.keys({
  'vacancy.saved': true,
  'vacancy.activated': true,
  'vacancy.deactivated': true,
  'vacancy.deleted': true,
  'vacancy.viewed': true,
  'organization.changed': true,
  'organization.toggled': true,
  'organization.deleted': true,
  'user.changed': true,
  'user.disabled': true,
  'user.deleted': true,
  'invitation.changed': true,
  'applicant.changed': true,
  'applicant.deleted': true,
  'matching.created': true,
  'matching.decided': true,
  'matching.withdrawn': true,
  'matchings.declined': true,
  'matching-note.changed': true,
  'response-deadline.changed': true,
  'message.sent': true,
  'chat.read': true,
  'matchings.seen': true,
  'chats.deleted': true,
  'contact.ended': true,
  'dismissal.changed': true,
} satisfies Record<DomainEventType, true>) as DomainEventType[];

/** An expected event: its type and the fields worth checking (organisation, ids), nothing more. */
type ExpectedEvent = {
  [T in DomainEventType]: { type: T } & Partial<Omit<DomainEventOf<T>, 'type'>>;
}[DomainEventType];

/** What the setup made: the ids and bodies the rows' requests point at. */
interface Fixtures {
  headers: Record<ActorName, Record<string, string>>;
  /** firma@'s organisation (SINDELFINGEN) and user; bewerberin@ (the applicant actor). */
  ownOrganizationId: string;
  ownUserId: string;
  applicantId: string;
  ownOrganizationInput: Record<string, unknown>;
  upload: MultipartRequest;
  /** Postings of the own organisation: one per destructive row, one with two photos. */
  vacancyToEdit: string;
  vacancyToActivate: string;
  vacancyToDeactivate: string;
  vacancyToDelete: string;
  vacancyWithPhotos: { id: string; photoIds: string[] };
  /** ACTIVE postings: one the applicant may apply to, one with its OPEN matching to withdraw. */
  activeVacancyId: string;
  withdrawVacancyId: string;
  /** A candidate with an OPEN matching on activeVacancyId, for the organisation's decision. */
  undecidedApplicantId: string;
  /** The applicant actor's ACCEPTED matching with the own organisation (its chat exists). */
  notedMatching: { vacancyId: string; applicantId: string };
  noteToEdit: string;
  noteToDelete: string;
  /** Organisations without users in SINDELFINGEN (partnerInRegion's region). */
  organizationToToggle: string;
  organizationToDelete: string;
  invitationToRevoke: string;
  colleagueToRemove: string;
  manageableUser: { id: string; email: string };
  invitedUser: string;
  userToDelete: string;
  legalUnsignedUser: Record<string, string>;
  /** Fresh users whose passwords, addresses or accounts the rows change (the actors stay as they are). */
  passwordChanger: Record<string, string>;
  emailChanger: { headers: Record<string, string>; email: string };
  applicantPasswordChanger: Record<string, string>;
  applicantToDelete: { id: string; headers: Record<string, string> };
  productId: string;
  orderId: string;
  feedbackForm: MultipartRequest;
  feedbackId: string;
}

interface RowRequest {
  url?: string;
  payload?: Record<string, unknown> | string | Buffer;
  headers?: Record<string, string>;
  /** A fresh user of the actor's kind instead of the actor's demo account. */
  as?: Record<string, string>;
}

interface WriteRouteRow {
  method: WriteMethod | 'GET';
  /** The route pattern exactly as registered. */
  route: string;
  actor: ActorName;
  /** The concrete request; may do the setup the row alone needs (its events are not counted). */
  request?: (f: Fixtures) => RowRequest | Promise<RowRequest>;
  /** Empty: the write deliberately publishes nothing (ADR 0092 says why). */
  publishes: (f: Fixtures) => ExpectedEvent[];
  note?: string;
}

const NOTHING = (): ExpectedEvent[] => [];

/** A push subscription body as PushSubscription.toJSON() gives it (candidate notifications). */
function pushSubscriptionPayload(name: string) {
  return {
    endpoint: `https://push.example.net/push/${name}`,
    keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
  };
}
const NEW_PASSWORD = 'Ein-neues-langes-Passwort-9';

/** An expected event names the setup's ids it must carry; ids the request itself creates stay unnamed. */
const WRITE_ROUTES: WriteRouteRow[] = [
  // users (own account)
  {
    method: 'POST',
    route: '/rest/users/accept-terms-and-data-protection',
    actor: 'organisationOwn',
    request: (f) => ({
      as: f.legalUnsignedUser,
      payload: { privacyStatementAccepted: true, termsAndConditionsAccepted: true },
    }),
    publishes: () => [{ type: 'user.changed' }],
    note: 'a user with the texts still due; nothing due answers without a write',
  },
  {
    method: 'POST',
    route: '/rest/users/change-password',
    actor: 'organisationOwn',
    request: (f) => ({ as: f.passwordChanger, payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD } }),
    publishes: NOTHING,
  },
  {
    method: 'POST',
    route: '/rest/users/change-email',
    actor: 'organisationOwn',
    request: (f) => ({
      as: f.emailChanger.headers,
      payload: { currentPassword: TEST_PASSWORD, newEmail: 'gewechselt@test.example' },
    }),
    publishes: NOTHING,
    note: 'only starts the change (a mail); the address changes through better-auth’s link',
  },
  {
    method: 'POST',
    route: '/rest/users/recover-email',
    actor: 'anonymous',
    request: async (f) => {
      // The change of the previous row completed through its links, then undone from the old address.
      const { email } = f.emailChanger;
      const confirm = testApp.tokenFrom(email, 'confirmEmailChange');
      await succeed('GET', `${AUTH_BASE_PATH}/verify-email?token=${confirm}`, {});
      const verify = testApp.tokenFrom('gewechselt@test.example', 'verifyEmail');
      await succeed('GET', `${AUTH_BASE_PATH}/verify-email?token=${verify}`, f.emailChanger.headers);
      return { payload: { token: testApp.tokenFrom(email, 'recoverEmail') } };
    },
    publishes: () => [{ type: 'user.changed' }],
  },
  {
    method: 'POST',
    route: '/rest/users/sign-in-unlock',
    actor: 'anonymous',
    request: () => ({ payload: { email: ACTOR_EMAILS.organisationOther } }),
    publishes: NOTHING,
    note: 'mail only',
  },
  {
    method: 'POST',
    route: '/rest/users/sign-in-unlock/confirm',
    actor: 'anonymous',
    request: () => ({ payload: { token: testApp.tokenFrom(ACTOR_EMAILS.organisationOther, 'unlockSignIn') } }),
    publishes: NOTHING,
    note: 'unlocks sign-in for a device; no list shows it',
  },

  // sign-ups
  {
    method: 'POST',
    route: '/rest/organization/signup',
    actor: 'anonymous',
    request: () => ({
      payload: {
        companyName: 'Ereignisfirma',
        userName: 'Tessa Test',
        email: 'signup-ereignis@test.example',
        password: 'Ein-langes-Test-Passwort-42',
        region: 'HORB',
        termsAndConditionsChecked: true,
      },
    }),
    publishes: NOTHING,
  },
  {
    method: 'POST',
    route: '/rest/organization/resend-signup-confirmation',
    actor: 'anonymous',
    request: () => ({ payload: { email: 'signup-ereignis@test.example' } }),
    publishes: NOTHING,
  },
  {
    method: 'POST',
    route: '/rest/applicant/signup',
    actor: 'anonymous',
    request: () => ({
      payload: {
        email: 'bewerber-ereignis@test.example',
        password: 'Ein-langes-Test-Passwort-42',
        names: ['Tessa'],
        familyNames: ['Test'],
        region: 'HORB',
        dateOfBirth: '2005-05-05',
        termsAndConditionsChecked: true,
      },
    }),
    publishes: NOTHING,
  },
  // parental consent (ADR 0097): a re-sent mail and the parent's decision change the candidate's profile answer
  {
    method: 'POST',
    route: '/rest/applicant/parental-consent',
    actor: 'applicant',
    request: async () => {
      const young = await signUpYoungCandidate(testApp);
      return { as: young.headers, payload: { parentEmail: 'eltern-neu@test.example' } };
    },
    publishes: () => [{ type: 'applicant.changed' }],
  },
  {
    method: 'POST',
    route: '/einwilligung',
    actor: 'anonymous',
    request: async () => {
      const young = await signUpYoungCandidate(testApp);
      return {
        url: `/einwilligung?token=${young.token}`,
        payload: 'decision=confirm',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    },
    publishes: () => [{ type: 'applicant.changed' }],
  },

  // organisations
  {
    method: 'POST',
    route: '/rest/organization/',
    actor: 'admin',
    request: () => ({ payload: { name: 'Neu angelegt Ereignis', region: 'SINDELFINGEN', links: {} } }),
    publishes: () => [{ type: 'organization.changed' }],
  },
  {
    method: 'PUT',
    route: '/rest/organization/:id',
    actor: 'organisationOwn',
    request: (f) => ({ url: `/rest/organization/${f.ownOrganizationId}`, payload: f.ownOrganizationInput }),
    publishes: (f) => [{ type: 'organization.changed', organizationId: f.ownOrganizationId }],
  },
  {
    method: 'PUT',
    route: '/rest/organization/:id/toggle-active',
    actor: 'partnerInRegion',
    request: (f) => ({ url: `/rest/organization/${f.organizationToToggle}/toggle-active` }),
    publishes: (f) => [{ type: 'organization.toggled', organizationId: f.organizationToToggle, flag: 'active' }],
  },
  {
    method: 'PUT',
    route: '/rest/organization/:id/toggle-member',
    actor: 'admin',
    request: (f) => ({ url: `/rest/organization/${f.organizationToToggle}/toggle-member` }),
    publishes: (f) => [{ type: 'organization.toggled', organizationId: f.organizationToToggle, flag: 'member' }],
  },
  {
    method: 'POST',
    route: '/rest/organization/:id/photo',
    actor: 'organisationOwn',
    request: (f) => ({
      url: `/rest/organization/${f.ownOrganizationId}/photo`,
      payload: f.upload.payload,
      headers: f.upload.headers,
    }),
    publishes: (f) => [{ type: 'organization.changed', organizationId: f.ownOrganizationId }],
  },
  {
    method: 'DELETE',
    route: '/rest/organization/:id/photos',
    actor: 'organisationOwn',
    request: (f) => ({ url: `/rest/organization/${f.ownOrganizationId}/photos` }),
    publishes: (f) => [{ type: 'organization.changed', organizationId: f.ownOrganizationId }],
    note: 'removes the logo of the row above',
  },
  {
    method: 'DELETE',
    route: '/rest/organization/:id',
    actor: 'admin',
    request: (f) => ({ url: `/rest/organization/${f.organizationToDelete}` }),
    publishes: (f) => [{ type: 'organization.deleted', organizationId: f.organizationToDelete }],
  },

  // team and invitations
  {
    method: 'POST',
    route: '/rest/organization/:id/team/invitations',
    actor: 'organisationOwn',
    request: (f) => ({
      url: `/rest/organization/${f.ownOrganizationId}/team/invitations`,
      payload: { email: 'eingeladen-ereignis@test.example', name: 'Kai Kollege' },
    }),
    publishes: (f) => [{ type: 'invitation.changed', organizationId: f.ownOrganizationId }],
  },
  {
    method: 'POST',
    route: '/rest/invitations/:token/accept',
    actor: 'anonymous',
    request: () => ({
      url: `/rest/invitations/${testApp.tokenFrom('eingeladen-ereignis@test.example', 'invite')}/accept`,
      payload: { name: 'Kai Kollege', password: 'Kollegial-im-Neckartal-2026' },
    }),
    publishes: () => [{ type: 'user.changed' }],
    note: 'the invitation of the row above',
  },
  {
    method: 'DELETE',
    route: '/rest/organization/:id/team/invitations/:invitationId',
    actor: 'organisationOwn',
    request: (f) => ({
      url: `/rest/organization/${f.ownOrganizationId}/team/invitations/${f.invitationToRevoke}`,
    }),
    publishes: (f) => [{ type: 'invitation.changed', organizationId: f.ownOrganizationId }],
  },
  {
    method: 'DELETE',
    route: '/rest/organization/:id/team/members/:userId',
    actor: 'organisationOwn',
    request: (f) => ({ url: `/rest/organization/${f.ownOrganizationId}/team/members/${f.colleagueToRemove}` }),
    publishes: (f) => [{ type: 'user.deleted', userId: f.colleagueToRemove }],
  },

  // user administration
  {
    method: 'POST',
    route: '/rest/users/organization',
    actor: 'admin',
    request: (f) => ({
      payload: {
        type: 'ORGANIZATION',
        email: 'angelegt-ereignis@test.example',
        name: 'Nina Neu',
        organization: f.ownOrganizationId,
      },
    }),
    publishes: () => [{ type: 'user.changed' }],
  },
  {
    method: 'PUT',
    route: '/rest/users/:userId',
    actor: 'admin',
    request: (f) => ({
      url: `/rest/users/${f.manageableUser.id}`,
      payload: {
        type: 'ORGANIZATION',
        email: f.manageableUser.email,
        name: 'Uwe Umbenannt',
        organization: f.ownOrganizationId,
      },
    }),
    publishes: (f) => [{ type: 'user.changed', userId: f.manageableUser.id }],
  },
  {
    method: 'PUT',
    route: '/rest/users/:userId/disable',
    actor: 'partnerInRegion',
    request: (f) => ({ url: `/rest/users/${f.manageableUser.id}/disable` }),
    publishes: (f) => [{ type: 'user.disabled', userId: f.manageableUser.id }],
  },
  {
    method: 'PUT',
    route: '/rest/users/:userId/enable',
    actor: 'admin',
    request: (f) => ({ url: `/rest/users/${f.manageableUser.id}/enable` }),
    publishes: (f) => [{ type: 'user.changed', userId: f.manageableUser.id }],
  },
  {
    method: 'POST',
    route: '/rest/users/:userId/password-reset',
    actor: 'admin',
    request: (f) => ({ url: `/rest/users/${f.manageableUser.id}/password-reset` }),
    publishes: NOTHING,
    note: 'mail only',
  },
  {
    method: 'POST',
    route: '/rest/users/:userId/resend-invitation',
    actor: 'admin',
    request: (f) => ({ url: `/rest/users/${f.invitedUser}/resend-invitation` }),
    publishes: NOTHING,
    note: 'mail, a new link and an audit entry; the list shows nothing of them',
  },
  {
    method: 'POST',
    route: '/rest/users/:userId/resend-confirmation',
    actor: 'admin',
    request: (f) => ({ url: `/rest/users/${f.manageableUser.id}/resend-confirmation` }),
    publishes: NOTHING,
    note: 'mail only',
  },
  {
    method: 'DELETE',
    route: '/rest/users/:userId',
    actor: 'admin',
    request: (f) => ({ url: `/rest/users/${f.userToDelete}` }),
    publishes: (f) => [{ type: 'user.deleted', userId: f.userToDelete }],
  },
  {
    method: 'PUT',
    route: '/rest/users/organization/:userId/notifications',
    actor: 'organisationOwn',
    request: (f) => ({
      url: `/rest/users/organization/${f.ownUserId}/notifications`,
      payload: { notifyViaMail: true, interval: 'WEEKLY' },
    }),
    publishes: (f) => [{ type: 'user.changed', userId: f.ownUserId }],
  },
  {
    method: 'POST',
    route: '/rest/notifications/unsubscribe',
    actor: 'anonymous',
    request: (f) => ({
      url: notificationsService().unsubscribeUrl(f.ownUserId).slice(TEST_PUBLIC_URL.length),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    publishes: NOTHING,
    note: 'the settings of the row above; notification settings show in no kept list',
  },

  // postings
  {
    method: 'POST',
    route: '/rest/vacancy/:organizationId',
    actor: 'organisationOwn',
    request: (f) => ({ url: `/rest/vacancy/${f.ownOrganizationId}`, payload: vacancyInput() }),
    publishes: (f) => [{ type: 'vacancy.saved', organizationId: f.ownOrganizationId }],
  },
  {
    method: 'PUT',
    route: '/rest/vacancy/:id',
    actor: 'partnerInRegion',
    request: (f) => ({ url: `/rest/vacancy/${f.vacancyToEdit}`, payload: vacancyInput() }),
    publishes: (f) => [{ type: 'vacancy.saved', organizationId: f.ownOrganizationId, vacancyId: f.vacancyToEdit }],
  },
  {
    method: 'POST',
    route: '/rest/vacancy/:id/duplicate',
    actor: 'organisationOwn',
    request: (f) => ({ url: `/rest/vacancy/${f.vacancyToEdit}/duplicate` }),
    publishes: (f) => [{ type: 'vacancy.saved', organizationId: f.ownOrganizationId }],
  },
  {
    method: 'PUT',
    route: '/rest/vacancy/:id/activate',
    actor: 'organisationOwn',
    request: (f) => ({ url: `/rest/vacancy/${f.vacancyToActivate}/activate` }),
    publishes: (f) => [
      { type: 'vacancy.activated', organizationId: f.ownOrganizationId, vacancyId: f.vacancyToActivate },
    ],
  },
  {
    method: 'PUT',
    route: '/rest/vacancy/:id/deactivate',
    actor: 'admin',
    request: (f) => ({ url: `/rest/vacancy/${f.vacancyToDeactivate}/deactivate` }),
    publishes: (f) => [
      { type: 'vacancy.deactivated', organizationId: f.ownOrganizationId, vacancyId: f.vacancyToDeactivate },
    ],
  },
  {
    method: 'POST',
    route: '/rest/vacancy/:id/photos',
    actor: 'organisationOwn',
    request: (f) => ({
      url: `/rest/vacancy/${f.vacancyToEdit}/photos`,
      payload: f.upload.payload,
      headers: f.upload.headers,
    }),
    publishes: (f) => [{ type: 'vacancy.saved', organizationId: f.ownOrganizationId, vacancyId: f.vacancyToEdit }],
  },
  {
    method: 'PUT',
    route: '/rest/vacancy/:id/photos/order',
    actor: 'organisationOwn',
    request: (f) => ({
      url: `/rest/vacancy/${f.vacancyWithPhotos.id}/photos/order`,
      payload: { photoIds: [...f.vacancyWithPhotos.photoIds].reverse() },
    }),
    publishes: (f) => [
      { type: 'vacancy.saved', organizationId: f.ownOrganizationId, vacancyId: f.vacancyWithPhotos.id },
    ],
  },
  {
    method: 'DELETE',
    route: '/rest/vacancy/:id/photos',
    actor: 'organisationOwn',
    request: (f) => ({
      url: `/rest/vacancy/${f.vacancyWithPhotos.id}/photos`,
      payload: { photoIds: f.vacancyWithPhotos.photoIds.slice(0, 1) },
    }),
    publishes: (f) => [
      { type: 'vacancy.saved', organizationId: f.ownOrganizationId, vacancyId: f.vacancyWithPhotos.id },
    ],
  },
  {
    method: 'DELETE',
    route: '/rest/vacancy/:id',
    actor: 'organisationOwn',
    request: (f) => ({ url: `/rest/vacancy/${f.vacancyToDelete}` }),
    publishes: (f) => [{ type: 'vacancy.deleted', organizationId: f.ownOrganizationId, vacancyId: f.vacancyToDelete }],
  },

  // marketplace: organisation side
  {
    method: 'POST',
    route: '/rest/matching/organization/set-result',
    actor: 'organisationOwn',
    request: (f) => ({
      payload: {
        vacancyId: f.activeVacancyId,
        applicantId: f.undecidedApplicantId,
        organizationResult: 'ACCEPTED',
        organizationId: f.ownOrganizationId,
      },
    }),
    publishes: (f) => [
      {
        type: 'matching.decided',
        organizationId: f.ownOrganizationId,
        applicantId: f.undecidedApplicantId,
        vacancyId: f.activeVacancyId,
      },
    ],
  },
  {
    method: 'POST',
    route: '/rest/matching/organization/notes',
    actor: 'organisationOwn',
    request: (f) => ({ payload: { ...f.notedMatching, text: 'Telefoninterview vereinbart.' } }),
    publishes: (f) => [{ type: 'matching-note.changed', organizationId: f.ownOrganizationId }],
  },
  {
    method: 'PUT',
    route: '/rest/matching/organization/notes/:noteId',
    actor: 'organisationOwn',
    request: (f) => ({ url: `/rest/matching/organization/notes/${f.noteToEdit}`, payload: { text: 'Geändert.' } }),
    publishes: (f) => [{ type: 'matching-note.changed', organizationId: f.ownOrganizationId, noteId: f.noteToEdit }],
  },
  {
    method: 'DELETE',
    route: '/rest/matching/organization/notes/:noteId',
    actor: 'organisationOwn',
    request: (f) => ({ url: `/rest/matching/organization/notes/${f.noteToDelete}` }),
    publishes: (f) => [{ type: 'matching-note.changed', organizationId: f.ownOrganizationId, noteId: f.noteToDelete }],
  },
  {
    method: 'PUT',
    route: '/rest/admin/response-deadlines/:region',
    actor: 'admin',
    request: () => ({ url: '/rest/admin/response-deadlines/SINDELFINGEN', payload: { declineAfterDays: 21 } }),
    publishes: () => [{ type: 'response-deadline.changed', region: 'SINDELFINGEN' }],
  },
  {
    method: 'POST',
    route: '/rest/messages/:applicantId',
    actor: 'organisationOwn',
    request: (f) => ({
      url: `/rest/messages/${f.applicantId}`,
      payload: { text: 'Hallo aus der Ereignistabelle', clientMessageId: crypto.randomUUID() },
    }),
    publishes: (f) => [
      { type: 'message.sent', organizationId: f.ownOrganizationId, applicantId: f.applicantId, sender: 'ORGANIZATION' },
    ],
  },
  {
    method: 'POST',
    route: '/rest/messages/organization/:applicantId/read',
    actor: 'organisationOwn',
    request: (f) => ({ url: `/rest/messages/organization/${f.applicantId}/read`, payload: { seq: 1 } }),
    publishes: (f) => [
      { type: 'chat.read', organizationId: f.ownOrganizationId, applicantId: f.applicantId, reader: 'ORGANIZATION' },
    ],
  },

  // safeguarding (ADR 0101)
  {
    method: 'POST',
    route: '/rest/applicant/reports',
    actor: 'applicant',
    request: (f) => ({ payload: { subject: 'ORGANIZATION', targetId: f.ownOrganizationId, reason: 'OTHER' } }),
    publishes: NOTHING,
    note: 'reports show in no kept list and in no count; partners read the queue from the database',
  },
  {
    method: 'PUT',
    route: '/rest/reports/:id/status',
    actor: 'admin',
    request: async (f) => {
      const report = await succeed('POST', '/rest/applicant/reports', f.headers.applicant, {
        subject: 'ORGANIZATION',
        targetId: f.ownOrganizationId,
        reason: 'FAKE',
      });
      return { url: `/rest/reports/${report.json<{ id: string }>().id}/status`, payload: { status: 'DONE' } };
    },
    publishes: NOTHING,
    note: 'the report and its audit entry; neither shows in a kept list',
  },
  {
    method: 'POST',
    route: '/rest/applicant/chats/:organizationId/end',
    actor: 'applicant',
    request: (f) => ({ url: `/rest/applicant/chats/${f.organizationToToggle}/end` }),
    publishes: (f) => [{ type: 'contact.ended', organizationId: f.organizationToToggle, applicantId: f.applicantId }],
    note: 'a company without a chat: the block alone (chatVersion null)',
  },
  {
    method: 'POST',
    route: '/rest/unread/matchings/seen',
    actor: 'organisationOwn',
    publishes: (f) => [{ type: 'matchings.seen', userId: f.ownUserId }],
  },

  // marketplace: candidate side
  {
    method: 'PUT',
    route: '/rest/applicant/profile',
    actor: 'applicant',
    request: () => ({
      payload: { names: ['Berit'], familyNames: ['Bewerberin'], region: 'SINDELFINGEN', interests: ['Technik'] },
    }),
    publishes: (f) => [{ type: 'applicant.changed', applicantId: f.applicantId }],
  },
  {
    method: 'POST',
    route: '/rest/applicant/profile/photos',
    actor: 'applicant',
    request: (f) => ({ payload: f.upload.payload, headers: f.upload.headers }),
    publishes: (f) => [{ type: 'applicant.changed', applicantId: f.applicantId }],
  },
  {
    method: 'DELETE',
    route: '/rest/applicant/profile/photos/:photoId',
    actor: 'applicant',
    request: async (f) => {
      const upload = await succeed('POST', '/rest/applicant/profile/photos', f.headers.applicant, f.upload);
      return { url: `/rest/applicant/profile/photos/${upload.json<{ photoId: string }>().photoId}` };
    },
    publishes: (f) => [{ type: 'applicant.changed', applicantId: f.applicantId }],
  },
  {
    method: 'GET',
    route: '/rest/applicant/vacancies/:id',
    actor: 'applicant',
    request: (f) => ({ url: `/rest/applicant/vacancies/${f.activeVacancyId}` }),
    publishes: (f) => [{ type: 'vacancy.viewed', organizationId: f.ownOrganizationId, vacancyId: f.activeVacancyId }],
    note: 'a read that writes: the posting view (ADR 0092, outside the write routes)',
  },
  {
    method: 'POST',
    route: '/rest/applicant/matchings',
    actor: 'applicant',
    request: (f) => ({ payload: { vacancyId: f.activeVacancyId } }),
    publishes: (f) => [
      {
        type: 'matching.created',
        organizationId: f.ownOrganizationId,
        applicantId: f.applicantId,
        vacancyId: f.activeVacancyId,
      },
    ],
  },
  {
    method: 'DELETE',
    route: '/rest/applicant/matchings/:vacancyId',
    actor: 'applicant',
    request: (f) => ({ url: `/rest/applicant/matchings/${f.withdrawVacancyId}` }),
    publishes: (f) => [
      {
        type: 'matching.withdrawn',
        organizationId: f.ownOrganizationId,
        applicantId: f.applicantId,
        vacancyId: f.withdrawVacancyId,
      },
    ],
  },
  {
    method: 'POST',
    route: '/rest/applicant/chats/:organizationId/messages',
    actor: 'applicant',
    request: (f) => ({
      url: `/rest/applicant/chats/${f.ownOrganizationId}/messages`,
      payload: { text: 'Hallo zurück', clientMessageId: crypto.randomUUID() },
    }),
    publishes: (f) => [
      { type: 'message.sent', organizationId: f.ownOrganizationId, applicantId: f.applicantId, sender: 'APPLICANT' },
    ],
  },
  {
    method: 'POST',
    route: '/rest/applicant/chats/:organizationId/read',
    actor: 'applicant',
    request: (f) => ({ url: `/rest/applicant/chats/${f.ownOrganizationId}/read`, payload: { seq: 2 } }),
    publishes: (f) => [
      { type: 'chat.read', organizationId: f.ownOrganizationId, applicantId: f.applicantId, reader: 'APPLICANT' },
    ],
  },
  {
    method: 'POST',
    route: '/rest/applicant/matchings/seen',
    actor: 'applicant',
    publishes: (f) => [{ type: 'matchings.seen', userId: f.applicantId }],
  },
  // candidate feed (issue 46, ADR 0100): a dismissal changes the candidate's own kept feed (ADR 0107)
  {
    method: 'POST',
    route: '/rest/applicant/dismissals/:vacancyId',
    actor: 'applicant',
    request: (f) => ({ url: `/rest/applicant/dismissals/${f.activeVacancyId}` }),
    publishes: (f) => [{ type: 'dismissal.changed', applicantId: f.applicantId, vacancyId: f.activeVacancyId }],
  },
  {
    method: 'DELETE',
    route: '/rest/applicant/dismissals/:vacancyId',
    actor: 'applicant',
    request: async (f) => {
      await succeed('POST', `/rest/applicant/dismissals/${f.withdrawVacancyId}`, f.headers.applicant);
      return { url: `/rest/applicant/dismissals/${f.withdrawVacancyId}` };
    },
    publishes: (f) => [{ type: 'dismissal.changed', applicantId: f.applicantId, vacancyId: f.withdrawVacancyId }],
  },
  {
    method: 'POST',
    route: '/rest/applicant/account/password',
    actor: 'applicant',
    request: (f) => ({
      as: f.applicantPasswordChanger,
      payload: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    }),
    publishes: NOTHING,
  },
  {
    method: 'DELETE',
    route: '/rest/applicant/account',
    actor: 'applicant',
    request: (f) => ({ as: f.applicantToDelete.headers, payload: { currentPassword: TEST_PASSWORD } }),
    publishes: (f) => [{ type: 'applicant.deleted', applicantId: f.applicantToDelete.id }],
  },

  // candidate notifications (issue 46 item 2, ADR 0098/0099): push devices, settings and mail unsubscribe show in no kept list
  {
    method: 'POST',
    route: '/rest/applicant/push-subscriptions',
    actor: 'applicant',
    request: () => ({ payload: pushSubscriptionPayload('publish-post') }),
    publishes: NOTHING,
  },
  {
    method: 'DELETE',
    route: '/rest/applicant/push-subscriptions',
    actor: 'applicant',
    request: async (f) => {
      const payload = pushSubscriptionPayload('publish-delete');
      await testApp.app.inject({
        method: 'POST',
        url: '/rest/applicant/push-subscriptions',
        headers: { origin: TEST_ORIGIN, ...f.headers.applicant },
        payload,
      });
      return { payload: { endpoint: payload.endpoint } };
    },
    publishes: NOTHING,
  },
  {
    method: 'PUT',
    route: '/rest/applicant/notification-settings',
    actor: 'applicant',
    request: () => ({
      payload: {
        push: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: true, MESSAGE: true },
        email: { MATCHING_ACCEPTED: true, MATCHING_DECLINED: false, MESSAGE: true },
        quietHours: true,
      },
    }),
    publishes: NOTHING,
  },
  {
    method: 'POST',
    route: '/rest/applicant-notifications/unsubscribe',
    actor: 'anonymous',
    request: (f) => ({
      url: `/rest/applicant-notifications/unsubscribe?token=${encodeURIComponent(createCandidateUnsubscribeToken(TEST_AUTH_SECRET, f.applicantId, ['MESSAGE']))}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    publishes: NOTHING,
  },

  // orders and products, feedback, retention settings: no kept list shows them
  {
    method: 'POST',
    route: '/rest/products',
    actor: 'admin',
    request: () => ({
      payload: { name: 'Ereignis-Paket', durationMonths: 3, postingsCount: 1, priceNetCents: 9900, active: true },
    }),
    publishes: NOTHING,
  },
  {
    method: 'PUT',
    route: '/rest/products/:id',
    actor: 'admin',
    request: (f) => ({
      url: `/rest/products/${f.productId}`,
      payload: { name: 'Starter Ereignis', durationMonths: 3, postingsCount: 1, priceNetCents: 9900, active: true },
    }),
    publishes: NOTHING,
  },
  {
    method: 'POST',
    route: '/rest/orders',
    actor: 'partnerInRegion',
    request: (f) => ({
      payload: { organizationId: f.ownOrganizationId, productId: f.productId, quantity: 1, periodStart: '2026-03-01' },
    }),
    publishes: NOTHING,
  },
  {
    method: 'PUT',
    route: '/rest/orders/:id',
    actor: 'admin',
    request: (f) => ({
      url: `/rest/orders/${f.orderId}`,
      payload: { quantity: 2, periodStart: '2026-03-01', notes: 'geändert' },
    }),
    publishes: NOTHING,
  },
  {
    method: 'PUT',
    route: '/rest/orders/:id/status',
    actor: 'admin',
    request: (f) => ({ url: `/rest/orders/${f.orderId}/status`, payload: { status: 'PAID' } }),
    publishes: NOTHING,
  },
  {
    method: 'POST',
    route: '/rest/feedback',
    actor: 'organisationOwn',
    request: (f) => ({ payload: f.feedbackForm.payload, headers: f.feedbackForm.headers }),
    publishes: NOTHING,
  },
  {
    method: 'PUT',
    route: '/rest/feedback/:id/status',
    actor: 'admin',
    request: (f) => ({ url: `/rest/feedback/${f.feedbackId}/status`, payload: { status: 'IN_PROGRESS' } }),
    publishes: NOTHING,
  },
  {
    method: 'PUT',
    route: '/rest/admin/retention-settings',
    actor: 'admin',
    request: () => ({ payload: { matchingRetentionMonths: 6, candidateInactivityMonths: 24 } }),
    publishes: NOTHING,
  },
  {
    method: 'POST',
    route: '/rest/admin/failed-mails/:id/resend',
    actor: 'admin',
    request: () => ({ url: `/rest/admin/failed-mails/${FAILED_MAIL_ID}/resend` }),
    publishes: NOTHING,
    note: 'queues a mail job again; no kept list changes',
  },
  // candidate legal texts (ADR 0102): the demo candidate has the current candidate texts still due
  {
    method: 'POST',
    route: '/rest/applicant/legal/acceptances',
    actor: 'applicant',
    request: () => ({ payload: { accepted: { ...CURRENT_CANDIDATE_LEGAL_VERSIONS } } }),
    publishes: (f) => [{ type: 'user.changed', userId: f.applicantId }],
    note: 'nothing due answers without a write',
  },
];

/** True when the service factory takes no event publisher: its job cannot publish on the bus. */
type WithoutPublisher<F extends (deps: never) => unknown> = 'events' extends keyof Parameters<F>[0] ? false : true;

interface JobRow {
  /** The job's module in `src/jobs`. */
  module: string;
  /**
   * Sets up what one run writes (the setup's events are not counted) and answers that run; or,
   * for a job whose service takes no publisher, what it writes — `WithoutPublisher` checks that
   * in the types, so giving the service a publisher breaks this file until the row runs the job.
   */
  run:
    (() => Promise<{ made: JobSetup; counted: () => Promise<unknown> }>) | { withoutPublisher: true; writes: string };
  publishes: (made: JobSetup) => ExpectedEvent[];
}

/** What a job row's setup made, for its expected event. */
interface JobSetup {
  organizationId: string;
  applicantId: string;
}

const JOBS: JobRow[] = [
  {
    module: 'answer-deadline-jobs.ts',
    run: async () => {
      const now = new Date();
      const job = createAnswerDeadlineJob({
        repository: createCandidateFollowUpRepository(testApp.database.db),
        mailer: createMemoryMailer(),
        publicUrl: TEST_PUBLIC_URL,
        supportEmail: 'support@matchwerk.example',
        clock: () => now,
        events: testApp.events,
      });
      // The demo data's own overdue matchings go first, so the counted run declines only ours.
      await job.run();
      const made = await freshPair('Fristen');
      const vacancyId = await insertVacancy(testApp.database.db, made.organizationId, { active: true });
      await testApp.database.db.insert(matchings).values({
        vacancyId,
        applicantId: made.applicantId,
        state: 'OPEN',
        createdAt: new Date(now.getTime() - 30 * DAY_MS),
        reminderSentAt: new Date(now.getTime() - 2 * DAY_MS),
      });
      return { made, counted: () => job.run() };
    },
    publishes: (made) => [{ type: 'matchings.declined', matchings: [made] }],
  },
  {
    module: 'retention-jobs.ts',
    run: async () => {
      const made = await freshPair('Aufbewahrung');
      const long = new Date('2015-01-15T12:00:00Z');
      const [chat] = await testApp.database.db
        .insert(chats)
        .values({ ...made, createdAt: long, lastMessageAt: long })
        .returning({ id: chats.id });
      // Announced long ago: due for deletion on this run.
      await testApp.database.db
        .insert(retentionNotices)
        .values({ organizationId: made.organizationId, chatId: chat!.id, noticedAt: long });
      const service = createRetentionService({
        repository: createRetentionRepository(testApp.database.db),
        mailer: createMemoryMailer(),
        publicUrl: TEST_PUBLIC_URL,
        supportEmail: 'support@matchwerk.example',
        clock: () => new Date(),
        discardFiles: () => Promise.resolve(),
        events: testApp.events,
      });
      return { made, counted: () => service.run() };
    },
    publishes: (made) => [{ type: 'chats.deleted', chats: [made] }],
  },
  {
    module: 'vacancy-schedule-jobs.ts',
    run: {
      withoutPublisher: true satisfies WithoutPublisher<typeof createVacancyScheduleService>,
      writes:
        'postings’ active flag and publication day: their triggers notify, and no answer waits for the job (ADR 0092)',
    },
    publishes: NOTHING,
  },
  {
    module: 'notification-jobs.ts',
    run: {
      withoutPublisher: true satisfies WithoutPublisher<typeof createNotificationsService>,
      writes: 'delivery marks of notification mails, which no kept list shows',
    },
    publishes: NOTHING,
  },
  {
    module: 'approval-jobs.ts',
    run: {
      withoutPublisher: true satisfies WithoutPublisher<typeof createApprovalDigestService>,
      writes: 'nothing: it mails the approval queue',
    },
    publishes: NOTHING,
  },
  {
    module: 'mail-jobs.ts',
    run: {
      withoutPublisher: true satisfies WithoutPublisher<typeof createMailQueue>,
      writes: 'pg-boss’s own job rows: it delivers account mails',
    },
    publishes: NOTHING,
  },
  {
    module: 'candidate-push-jobs.ts',
    run: {
      withoutPublisher: true satisfies WithoutPublisher<typeof createCandidateNotifier>,
      writes: 'push subscriptions (delivered, gone) and fallback-mail items of candidates, which no kept list shows',
    },
    publishes: NOTHING,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const FAILED_MAIL_ID = '00000000-0000-4000-8000-000000000000';
/** Job modules that are not jobs: the pg-boss client itself. */
// failed-mails.ts is no job: the admins' view of the mail queue's failed jobs (its resend route has a row above).
const NOT_JOBS = new Set(['boss.ts', 'failed-mails.ts']);

let testApp: TestApp;
let fixtures: Fixtures;
/** Every route as `METHOD /url` (HEAD aside); the write ones are what the table must cover. */
const registered = new Set<string>();
const published: DomainEvent[] = [];

/** Listens on the app's own bus like the real subscribers do. */
function recordingSubscriber(): DomainEventSubscriber {
  const record = (event: DomainEvent) => {
    published.push(event);
  };
  const handlers: Partial<DomainEventHandlers> = {};
  for (const type of EVENT_TYPES) handlers[type] = record;
  return { name: 'test recorder', handlers, lost: () => undefined };
}

function notificationsService() {
  return createNotificationsService({
    repository: createNotificationsRepository(testApp.database.db),
    mailer: createMemoryMailer(),
    secret: TEST_AUTH_SECRET,
    publicUrl: TEST_PUBLIC_URL,
    supportEmail: 'support@matchwerk.example',
    userChanged: () => Promise.resolve(),
    clock: () => new Date(),
  });
}

/** A setup request that must work (the rows' own requests are checked by the rows). */
async function succeed(
  method: 'GET' | WriteMethod,
  url: string,
  headers: Record<string, string>,
  body?: MultipartRequest | Record<string, unknown>,
) {
  const multipart = body && Buffer.isBuffer(body.payload) ? (body as MultipartRequest) : undefined;
  const response = await testApp.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...headers, ...multipart?.headers },
    ...(multipart ? { payload: multipart.payload } : body ? { payload: body } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

/** An organisation with a user, and a candidate: a pair of its own for a job row. */
async function freshPair(name: string): Promise<JobSetup> {
  const owner = await createTestUser(testApp, {
    type: 'ORGANIZATION',
    organization: { name: `${name} GmbH`, region: 'SINDELFINGEN' },
  });
  const applicant = await createTestUser(testApp, { type: 'APPLICANT' });
  return { organizationId: owner.organizationId!, applicantId: applicant.id };
}

beforeAll(async () => {
  testApp = await createTestApp({
    // The mail queue's failed jobs (pg-boss; its real store runs in mail-admin.routes.test.ts): one failed mail.
    failedMails: {
      available: () => true,
      list: () => Promise.resolve([]),
      resend: (id) => Promise.resolve(id === FAILED_MAIL_ID),
    },
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
    },
  });
  testApp.events.subscribe(recordingSubscriber());
  const db = testApp.database.db;
  const headers = await actorHeaders(testApp);
  const ownUserId = await testApp.userIdOf(ACTOR_EMAILS.organisationOwn);
  const applicantId = await testApp.userIdOf(ACTOR_EMAILS.applicant);
  const own = await succeed('GET', '/rest/users/current-user', headers.organisationOwn);
  const ownOrganizationId = own.json<{ organizationId: string }>().organizationId;
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, ownOrganizationId));
  const upload = multipartBody(await makeImage('png'), { filename: 'bild.png', contentType: 'image/png' });

  const vacancyWithPhotos = await insertVacancy(db, ownOrganizationId, { title: 'Mit Fotos' });
  for (let n = 0; n < 2; n++)
    await succeed('POST', `/rest/vacancy/${vacancyWithPhotos}/photos`, headers.organisationOwn, upload);
  const photoRows = await db
    .select({ id: photos.id })
    .from(photos)
    .where(eq(photos.vacancyId, vacancyWithPhotos))
    .orderBy(asc(photos.position));

  // The applicant actor: an OPEN matching to withdraw, an ACCEPTED one with its chat (notes, messages).
  const activeVacancyId = await insertVacancy(db, ownOrganizationId, { title: 'Aktiv', active: true });
  const withdrawVacancyId = await insertVacancy(db, ownOrganizationId, { title: 'Zurückziehen', active: true });
  const acceptedVacancyId = await insertVacancy(db, ownOrganizationId, { title: 'Angenommen', active: true });
  await db.insert(matchings).values([
    { vacancyId: withdrawVacancyId, applicantId, state: 'OPEN' },
    { vacancyId: acceptedVacancyId, applicantId, state: 'ACCEPTED', decidedAt: new Date() },
  ]);
  await db.insert(chats).values({ organizationId: ownOrganizationId, applicantId }).onConflictDoNothing();
  const undecided = await createTestUser(testApp, { type: 'APPLICANT' });
  await db.insert(matchings).values({ vacancyId: activeVacancyId, applicantId: undecided.id, state: 'OPEN' });
  const notedMatching = { vacancyId: acceptedVacancyId, applicantId };
  const writeNote = async () =>
    (
      await succeed('POST', '/rest/matching/organization/notes', headers.organisationOwn, {
        ...notedMatching,
        text: 'Gute Noten in Mathe.',
      })
    ).json<{ id: string }>().id;

  const [invitation] = await db
    .insert(organizationInvitations)
    .values({
      organizationId: ownOrganizationId,
      email: 'offen-ereignis@test.example',
      name: 'Olga Offen',
      tokenHash: 'hash-ereignis',
      expiresAt: new Date(Date.now() + DAY_MS),
    })
    .returning({ id: organizationInvitations.id });
  const colleague = () => createTestUser(testApp, { type: 'ORGANIZATION', organization: ownOrganizationId });
  const manageable = await createTestUser(testApp, {
    type: 'ORGANIZATION',
    organization: ownOrganizationId,
    emailVerified: false,
    name: 'Uwe Unbestätigt',
  });
  const sessionOf = async (user: { id: string }) => bearer(await createSessionToken(testApp, user.id));
  const emailChanger = await colleague();
  const applicantToDelete = await createTestUser(testApp, { type: 'APPLICANT' });

  const productId = (
    await succeed('POST', '/rest/products', headers.admin, {
      name: 'Ereignistest-Paket',
      durationMonths: 3,
      postingsCount: 1,
      priceNetCents: 19900,
      active: true,
    })
  ).json<{ id: string }>().id;
  const orderId = (
    await succeed('POST', '/rest/orders', headers.admin, {
      organizationId: ownOrganizationId,
      productId,
      quantity: 1,
      periodStart: '2026-02-01',
    })
  ).json<{ id: string }>().id;
  const feedbackForm = multipartBody(await makeImage('png'), {
    filename: 'screenshot.png',
    contentType: 'image/png',
    fields: { category: 'PROBLEM', message: 'Die Liste lädt nicht.', page: '/vacancies' },
  });
  const feedbackId = (await succeed('POST', '/rest/feedback', headers.organisationOwn, feedbackForm)).json<{
    id: string;
  }>().id;

  fixtures = {
    headers,
    ownOrganizationId,
    ownUserId,
    applicantId,
    ownOrganizationInput: { name: organization!.name, region: organization!.region, links: {} },
    upload,
    vacancyToEdit: await insertVacancy(db, ownOrganizationId, { title: 'Bearbeiten' }),
    vacancyToActivate: await insertVacancy(db, ownOrganizationId, { title: 'Aktivieren' }),
    vacancyToDeactivate: await insertVacancy(db, ownOrganizationId, { title: 'Deaktivieren', active: true }),
    vacancyToDelete: await insertVacancy(db, ownOrganizationId, { title: 'Löschen' }),
    vacancyWithPhotos: { id: vacancyWithPhotos, photoIds: photoRows.map((row) => row.id) },
    activeVacancyId,
    withdrawVacancyId,
    undecidedApplicantId: undecided.id,
    notedMatching,
    noteToEdit: await writeNote(),
    noteToDelete: await writeNote(),
    organizationToToggle: await insertOrganization(db, { name: 'Umschalten GmbH', region: 'SINDELFINGEN' }),
    organizationToDelete: await insertOrganization(db, { name: 'Löschen GmbH', region: 'SINDELFINGEN' }),
    invitationToRevoke: invitation!.id,
    colleagueToRemove: (await colleague()).id,
    manageableUser: { id: manageable.id, email: manageable.email },
    invitedUser: (
      await createTestUser(testApp, { type: 'ORGANIZATION', organization: ownOrganizationId, withoutPassword: true })
    ).id,
    userToDelete: (await colleague()).id,
    legalUnsignedUser: await sessionOf(
      await createTestUser(testApp, { type: 'ORGANIZATION', organization: ownOrganizationId, legalSigned: false }),
    ),
    passwordChanger: await sessionOf(await colleague()),
    emailChanger: { headers: await sessionOf(emailChanger), email: emailChanger.email },
    applicantPasswordChanger: await sessionOf(await createTestUser(testApp, { type: 'APPLICANT' })),
    applicantToDelete: { id: applicantToDelete.id, headers: await sessionOf(applicantToDelete) },
    productId,
    orderId,
    feedbackForm,
    feedbackId,
  };
});

afterAll(async () => {
  await testApp?.close();
});

/** The recorded events must be exactly the expected ones, in order, with the fields each names. */
function expectPublished(expected: ExpectedEvent[]) {
  expect(published.map((event) => event.type)).toEqual(expected.map((event) => event.type));
  expected.forEach((event, index) => expect(published[index]).toMatchObject(event));
}

describe('write routes publish their event after the commit', () => {
  it('has a row for every write route (and no row for a route that does not exist)', () => {
    const writes = [...registered].filter((route) => {
      const [method, url] = route.split(' ') as [string, string];
      // better-auth's one handler: sign-in, sign-out and its links write nothing a kept list shows.
      return WRITE_METHODS.has(method) && url !== `${AUTH_BASE_PATH}/*`;
    });
    const rows = WRITE_ROUTES.map((row) => `${row.method} ${row.route}`);
    const missing = writes.filter((route) => !rows.includes(route)).sort();
    const stale = rows.filter((route) => !registered.has(route)).sort();
    expect(missing, 'write routes without a row in write-routes-publish.test.ts').toEqual([]);
    expect(stale, 'rows for routes that do not exist').toEqual([]);
    expect(new Set(rows).size, 'one row per route').toBe(rows.length);
  });

  for (const row of WRITE_ROUTES) {
    const expectation = row.publishes === NOTHING ? 'nothing' : 'its event';
    it(`${row.method} ${row.route} (${row.actor}) publishes ${expectation}`, async () => {
      const request = (await row.request?.(fixtures)) ?? {};
      published.length = 0;
      const response = await testApp.app.inject({
        method: row.method,
        url: request.url ?? row.route,
        headers: { origin: TEST_ORIGIN, ...(request.as ?? fixtures.headers[row.actor]), ...request.headers },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
      expect(response.statusCode, response.body).toBeLessThan(300);
      expectPublished(row.publishes(fixtures));
    });
  }
});

describe('jobs that write publish their event after the commit', () => {
  it('has a row for every job module in src/jobs', () => {
    const modules = readdirSync(new URL('../jobs/', import.meta.url))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !NOT_JOBS.has(file))
      .sort();
    expect(JOBS.map((row) => row.module).sort()).toEqual(modules);
  });

  for (const row of JOBS) {
    const { run } = row;
    if (typeof run !== 'function') {
      // Proven by the types (WithoutPublisher): the row only documents the job.
      it(`${row.module} cannot publish (its service takes no publisher); it writes ${run.writes}`, () => {
        expect(run.withoutPublisher).toBe(true);
      });
      continue;
    }
    it(`${row.module} publishes its event`, async () => {
      const { made, counted } = await run();
      published.length = 0;
      await counted();
      expectPublished(row.publishes(made));
    });
  }
});
