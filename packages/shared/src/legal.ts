// No zod here: the web app's first bundle uses this without the schemas (ADR 0032).
import type { CurrentUser } from './api/users.schema';

/** Legal gate: both dates must be set before the user may do anything else. */
export function hasSignedLegal(user: Pick<CurrentUser, 'privacyStatementSignedAt' | 'termsAndConditionsSignedAt'>): boolean {
  return Boolean(user.privacyStatementSignedAt && user.termsAndConditionsSignedAt);
}
