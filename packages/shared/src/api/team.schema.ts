/**
 * Team of an organisation (issue #10, beyond the spec): its colleagues, invitations by e-mail
 * and accepting an invitation from the mailed link.
 */
import { z } from 'zod';
import { passwordSchema } from './auth.schema';
import { safeString } from './fields';

/** Days an invitation link stays valid. */
export const INVITATION_VALID_DAYS = 7;

/** German texts of the team rules: API refusals and the web's explanations, defined once. */
export const TEAM_MESSAGES = {
  /** The address already has a Matchwerk account (any type): it cannot be invited. */
  emailTaken: 'Für diese E-Mail-Adresse gibt es bereits ein Konto.',
  /** Unknown, expired, revoked or already used invitation link: one answer for all. */
  invitationInvalid: 'Diese Einladung ist ungültig oder abgelaufen.',
  /** Removing oneself is account deletion, not a team action. */
  cannotRemoveSelf:
    'Sie können sich nicht selbst aus dem Team entfernen. Ihr eigenes Konto löschen Sie unter „Mein Unternehmen“.',
  /** An organisation user may not remove the organisation's last member. */
  lastMember: 'Das letzte Mitglied eines Unternehmens kann nicht entfernt werden.',
} as const;

const inviteeNameSchema = safeString({ error: 'Bitte geben Sie den Namen ein.' })
  .trim()
  .min(1, 'Bitte geben Sie den Namen ein.')
  .max(120, 'Der Name darf höchstens 120 Zeichen lang sein.');

/** The colleague's address (the sign-up's schema speaks of "Ihre E-Mail-Adresse"). */
const inviteeEmailSchema = z
  .string({ error: 'Bitte geben Sie die E-Mail-Adresse ein.' })
  .trim()
  .min(1, 'Bitte geben Sie die E-Mail-Adresse ein.')
  .max(254, 'Die E-Mail-Adresse ist zu lang.')
  .pipe(z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }))
  .transform((value) => value.toLowerCase());

/** POST /rest/organization/{id}/team/invitations */
export const teamInvitationRequestSchema = z.object({
  email: inviteeEmailSchema,
  name: inviteeNameSchema,
});
export type TeamInvitationRequest = z.input<typeof teamInvitationRequestSchema>;
export type TeamInvitationRequestParsed = z.output<typeof teamInvitationRequestSchema>;

export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Disabled by an admin or partner: cannot sign in (shown so colleagues know why). */
  disabled: z.boolean(),
  /** The signed-in caller (shown as "Sie"; cannot be removed here). */
  isSelf: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** GET /rest/organization/{id}/team: members by name, open (not accepted, not expired) invitations newest first. */
export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /rest/invitations/{token}: what the accept screen shows. */
export const invitationInfoSchema = z.object({
  organizationName: z.string(),
  email: z.string(),
  name: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/** POST /rest/invitations/{token}/accept: the new colleague's name and password. */
export const acceptInvitationRequestSchema = z.object({
  name: inviteeNameSchema,
  password: passwordSchema,
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;
export type AcceptInvitationRequestParsed = z.output<typeof acceptInvitationRequestSchema>;

/** Answer of accept: the address to sign in with (the web signs in with it and the typed password). */
export const acceptInvitationResponseSchema = z.object({ ok: z.literal(true), email: z.string() });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
