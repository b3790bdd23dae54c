/**
 * The one thing other modules need from invitations: send an invitation into an organisation.
 * Kept apart from the implementation so the organisations service (first user of a new organisation)
 * can depend on it without importing the invitations module's internals.
 */
import type { SessionActor } from '../../access/actor';

export interface InvitationSender {
  /**
   * Creates (or replaces the pending) invitation for `email` into the organisation and queues the German mail.
   * Throws AppError VALIDATION with a field error on `email` when the address already has an account.
   * `invitedBy` is null when the system invites (no signed-in person); the caller has done the access check.
   */
  invite(input: {
    organizationId: string;
    email: string;
    name: string;
    invitedBy: SessionActor | null;
  }): Promise<{ invitationId: string }>;
}
