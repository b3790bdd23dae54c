/**
 * The candidate's own account (mobile app, Bearer): change the password, delete the account
 * (GDPR Art. 17). Both need the current password, so a stolen token alone cannot do either.
 */
import { z } from 'zod';
import { currentPasswordSchema } from './auth.schema';

/** DELETE /rest/applicant/account: deletes the account with profile, photos, matchings, chats and sessions. */
export const deleteAccountRequestSchema = z.object({ currentPassword: currentPasswordSchema });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
