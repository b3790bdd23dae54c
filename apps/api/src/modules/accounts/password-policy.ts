/**
 * Password policy (NIST SP 800-63B): 12–128 characters (the shared schema checks the length),
 * no composition rules, but never one of the most common passwords nor the e-mail address.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@matchwerk/shared';

/** A few common German choices that are long enough to pass the length rule. */
const EXTRA_COMMON = [
  'passwort1234',
  'passwort12345',
  'passwort123456',
  'hallo1234567',
  'matchwerk123',
  'matchwerk1234',
  'sommer2026!!',
  'qwertz123456',
  'qwertzuiopü',
];

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  [...(dictionary['passwords-common'] ?? []), ...EXTRA_COMMON].map((password) => password.toLowerCase()),
);

export type PasswordProblem = 'TOO_SHORT' | 'TOO_LONG' | 'COMMON' | 'EQUALS_EMAIL';

/** Returns why a new password is refused, or null when it is acceptable. */
export function findPasswordProblem(password: string, email?: string | null): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'TOO_SHORT';
  if (password.length > PASSWORD_MAX_LENGTH) return 'TOO_LONG';
  const normalized = password.trim().toLowerCase();
  if (COMMON_PASSWORDS.has(normalized)) return 'COMMON';
  if (email && normalized === email.trim().toLowerCase()) return 'EQUALS_EMAIL';
  return null;
}
