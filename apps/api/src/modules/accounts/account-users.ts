/**
 * What the account flows read and delete of sign-in users. The users module's repository
 * provides it (passed in by the composition root); declared here so accounts does not import
 * the users module, which builds on accounts (no cycle between the two).
 */
export interface AuthUserSummary {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

export interface AccountUsers {
  findAuthUserById(id: string): Promise<AuthUserSummary | null>;
  findAuthUserByEmail(email: string): Promise<AuthUserSummary | null>;
  /** The credential account's password hash; null without one. */
  findPasswordHash(userId: string): Promise<string | null>;
  deleteAuthUser(userId: string): Promise<void>;
}
