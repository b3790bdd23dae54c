/**
 * Demo data of issue 14 (ADR 0041): internal notes on firma@'s matchings, so a new user sees
 * what notes look like (the response rate is computed from the seeded decisions). Runs inside
 * the first seed only, after the marketplace demo.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authUsers } from '../db/schema/auth';
import { matchingNotes } from '../db/schema/candidate-follow-up';
import { matchings } from '../db/schema/marketplace';
import { users } from '../db/schema/users';
import { vacancies } from '../db/schema/vacancies';

const EMPLOYER_EMAIL = 'firma@matchwerk.example';
const HOUR = 3_600_000;

const NOTES: Record<'OPEN' | 'ACCEPTED', string[]> = {
  OPEN: ['Interessantes Profil – bitte bis Freitag entscheiden. Vorher kurz mit der Ausbildungsleitung abstimmen.'],
  ACCEPTED: [
    'Telefonat geführt: sehr motiviert, Schnuppertag am nächsten Dienstag vereinbart.',
    'Zeugnis liegt vor, Noten in Mathe und Deutsch gut.',
  ],
};

/** Answers how many notes were added (none when the demo employer or its matchings are missing). */
export async function seedFollowUpDemo(db: Database, options: { now: Date }): Promise<number> {
  const [employer] = await db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(eq(authUsers.email, EMPLOYER_EMAIL))
    .limit(1);
  if (!employer?.organizationId) return 0;
  const rows: (typeof matchingNotes.$inferInsert)[] = [];
  for (const state of ['OPEN', 'ACCEPTED'] as const) {
    const [newest] = await db
      .select({ id: matchings.id })
      .from(matchings)
      .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
      .where(and(eq(vacancies.organizationId, employer.organizationId), eq(matchings.state, state)))
      .orderBy(desc(matchings.createdAt))
      .limit(1);
    if (!newest) continue;
    NOTES[state].forEach((text, index) => {
      const at = new Date(options.now.getTime() - (index + 1) * 5 * HOUR);
      rows.push({ matchingId: newest.id, authorUserId: employer.id, text, createdAt: at, updatedAt: at });
    });
  }
  if (rows.length > 0) await db.insert(matchingNotes).values(rows);
  return rows.length;
}
