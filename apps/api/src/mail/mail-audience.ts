/**
 * Whom an account mail is for (issue 46 item 3, ADR 0102): candidates (user type APPLICANT) get
 * the candidate templates ("du", links into /app/), everyone else the employer ones. A user's
 * type decides; during a candidate's sign-up the verification mail goes out before our user row
 * exists (better-auth sends it inside sign-up), so the candidate sign-up marks its address as
 * "signing up as a candidate" for that moment. In-process only: the sign-up and its mail run in
 * the same process and the same request.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';

export type MailAudience = 'CANDIDATE' | 'EMPLOYER';

/** Address → candidate sign-ups of it in progress (a count: two at once stay marked until both end). */
const candidateSignups = new Map<string, number>();

function addressKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Runs a candidate's sign-up with its address marked, so its verification mail is a candidate mail. */
export async function whileSigningUpCandidate<T>(email: string, signUp: () => Promise<T>): Promise<T> {
  const key = addressKey(email);
  candidateSignups.set(key, (candidateSignups.get(key) ?? 0) + 1);
  try {
    return await signUp();
  } finally {
    const left = (candidateSignups.get(key) ?? 1) - 1;
    if (left > 0) candidateSignups.set(key, left);
    else candidateSignups.delete(key);
  }
}

export type MailAudienceOf = (user: { id: string; email: string }) => Promise<MailAudience>;

/** The audience of a user's account mail: their type, or a candidate sign-up in progress for a user without our row yet. */
export function createMailAudience(db: Database): MailAudienceOf {
  return async (user) => {
    const [row] = await db.select({ type: users.type }).from(users).where(eq(users.id, user.id)).limit(1);
    if (row) return row.type === 'APPLICANT' ? 'CANDIDATE' : 'EMPLOYER';
    return candidateSignups.has(addressKey(user.email)) ? 'CANDIDATE' : 'EMPLOYER';
  };
}
