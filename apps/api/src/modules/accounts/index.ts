/** The accounts module's public entry: what other modules may use of sign-up, password and e-mail recovery. */
export { signUpAccount, type PublicRequestContext } from './account-signup';
export { type EmailRecoveryRepository } from './email-recovery.repository';
export { hashToken } from './email-recovery.service';
export { assertCurrentPassword, changeOwnPassword, type WithHeaders } from './password-change';
export { findPasswordProblem } from './password-policy';
export { addressRangeOf, limitSignupsFromRange } from './signup-limits';
