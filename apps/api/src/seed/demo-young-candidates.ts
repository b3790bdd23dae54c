/**
 * The demo's young candidates (issue 46 item 10, ADR 0097): a 15-year-old whose parent has
 * confirmed, with matchings in every state at firma@'s postings (and the chat of the accepted
 * one), and a 14-year-old whose parent has not answered yet (she can browse, not express
 * interest; the server mails her parent's link right after seeding, into the demo outbox or SMTP).
 * Their accounts are in DEMO_ACCOUNTS; this adds profiles, consents and matchings.
 */
import { berlinToday } from '@matchwerk/shared';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authUsers } from '../db/schema/auth';
import { parentalConsentEvents, parentalConsents } from '../db/schema/candidate-consent';
import { applicantProfiles, chats, matchings, messages } from '../db/schema/marketplace';
import { users } from '../db/schema/users';
import { vacancies } from '../db/schema/vacancies';

export const DEMO_CANDIDATE_15_EMAIL = 'bewerber15@matchwerk.example';
export const DEMO_CANDIDATE_14_EMAIL = 'bewerberin14@matchwerk.example';
const EMPLOYER_EMAIL = 'firma@matchwerk.example';
const HOUR = 60 * 60 * 1000;
const CHAT_OPENED = 'Sie haben die Anfrage angenommen. Der Chat ist eröffnet.';

/** The birth date of someone `years` old today (Berlin) whose birthday was `daysAgo` days ago. */
export function demoBirthDate(now: Date, years: number, daysAgo = 100): string {
  const [year, month, day] = berlinToday(now).split('-').map(Number);
  return new Date(Date.UTC((year ?? 0) - years, (month ?? 1) - 1, (day ?? 1) - daysAgo)).toISOString().slice(0, 10);
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function userIdOf(tx: Transaction, email: string): Promise<string | null> {
  const [row] = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  return row?.id ?? null;
}

export async function seedYoungDemoCandidates(tx: Transaction, now: Date): Promise<void> {
  const fifteen = await userIdOf(tx, DEMO_CANDIDATE_15_EMAIL);
  const fourteen = await userIdOf(tx, DEMO_CANDIDATE_14_EMAIL);
  if (!fifteen || !fourteen) return;
  const requested = new Date(now.getTime() - 10 * 24 * HOUR);
  await tx.insert(applicantProfiles).values([
    {
      userId: fifteen,
      names: ['Finn'],
      familyNames: ['Hartmann'],
      dateOfBirth: demoBirthDate(now, 15),
      school: 'Gottlieb-Daimler-Realschule Sindelfingen',
      region: 'SINDELFINGEN',
      about: 'Ich bin in der 9. Klasse und suche ein Praktikum oder einen Ferienjob in der Werkstatt.',
      interests: ['Technik', 'Fahrräder', 'Fußball'],
    },
    {
      userId: fourteen,
      names: ['Emma'],
      familyNames: ['Schneider'],
      dateOfBirth: demoBirthDate(now, 14),
      school: 'Gemeinschaftsschule Maichingen',
      region: 'SINDELFINGEN',
      about: 'Ich suche ein Schülerpraktikum, am liebsten im Büro oder im Labor.',
      interests: ['Chemie', 'Zeichnen'],
    },
  ]);
  await tx.insert(parentalConsents).values([
    {
      applicantId: fifteen,
      parentEmail: 'eltern.finn@matchwerk.example',
      status: 'CONFIRMED',
      requestedAt: requested,
      decidedAt: new Date(requested.getTime() + 20 * HOUR),
      updatedAt: new Date(requested.getTime() + 20 * HOUR),
    },
    // Pending without a link yet: the server mails the parent once the demo is seeded (sendOutstandingConsentMails).
    { applicantId: fourteen, parentEmail: 'eltern.emma@matchwerk.example', status: 'PENDING', requestedAt: requested },
  ]);
  await tx.insert(parentalConsentEvents).values([
    { applicantId: fifteen, event: 'REQUESTED', parentEmail: 'eltern.finn@matchwerk.example', at: requested },
    {
      applicantId: fifteen,
      event: 'CONFIRMED',
      parentEmail: 'eltern.finn@matchwerk.example',
      at: new Date(requested.getTime() + 20 * HOUR),
    },
  ]);

  // The 15-year-old's interest in three of firma@'s postings he is old enough for: open, accepted (chat), declined.
  const [employer] = await tx
    .select({ userId: users.id, organizationId: users.organizationId })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(eq(authUsers.email, EMPLOYER_EMAIL));
  if (!employer?.organizationId) return;
  const postings = await tx
    .select({ id: vacancies.id, title: vacancies.title })
    .from(vacancies)
    .where(
      and(eq(vacancies.organizationId, employer.organizationId), eq(vacancies.active, true), lte(vacancies.minAge, 15)),
    )
    .orderBy(asc(vacancies.title));
  const states = ['OPEN', 'ACCEPTED', 'REJECTED'] as const;
  const rows = postings.slice(0, states.length).map((posting, index) => {
    const createdAt = new Date(now.getTime() - (5 - index) * 24 * HOUR);
    const state = states[index]!;
    const decidedAt = state === 'OPEN' ? null : new Date(createdAt.getTime() + 6 * HOUR);
    return {
      vacancyId: posting.id,
      applicantId: fifteen,
      state,
      createdAt,
      decidedAt,
      decidedBy: decidedAt ? employer.userId : null,
    };
  });
  if (rows.length > 0) await tx.insert(matchings).values(rows);
  const acceptedRow = rows.find((row) => row.state === 'ACCEPTED');
  if (!acceptedRow?.decidedAt) return;
  const title = postings.find((posting) => posting.id === acceptedRow.vacancyId)?.title ?? '';
  const at = acceptedRow.decidedAt.getTime();
  const lines = [
    { sender: 'SYSTEM' as const, text: CHAT_OPENED, at: new Date(at) },
    {
      sender: 'ORGANIZATION' as const,
      text: `Hallo Finn, schön, dass du dich für „${title}“ interessierst! Wann hast du Ferien?`,
      at: new Date(at + HOUR),
    },
    {
      sender: 'APPLICANT' as const,
      text: 'Hallo! Ab dem 20. Juli habe ich drei Wochen frei.',
      at: new Date(at + 3 * HOUR),
    },
  ];
  const [chat] = await tx
    .insert(chats)
    .values({
      organizationId: employer.organizationId,
      applicantId: fifteen,
      createdAt: acceptedRow.decidedAt,
      lastMessageAt: lines.at(-1)!.at,
      lastMessageSeq: lines.length,
    })
    .returning({ id: chats.id });
  await tx.insert(messages).values(
    lines.map((line, position) => ({
      chatId: chat!.id,
      seq: position + 1,
      sender: line.sender,
      senderUserId: line.sender === 'APPLICANT' ? fifteen : line.sender === 'ORGANIZATION' ? employer.userId : null,
      text: line.text,
      clientMessageId: line.sender === 'SYSTEM' ? null : crypto.randomUUID(),
      createdAt: line.at,
    })),
  );
}
