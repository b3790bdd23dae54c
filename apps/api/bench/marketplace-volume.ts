/**
 * Volume for the Anfragen and chat routes of the bench (issue #12, ADR 0029): one organisation
 * with thousands of matchings (postings × candidates, all three states, spread over a year) and a
 * chat with thousands of messages. Fixed ids, so bench routes can name them without a lookup.
 * The organisation's user signs in with the demo password. Runs after the demo seed.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import {
  applicantProfiles,
  authAccounts,
  authUsers,
  chats,
  legalAcceptances,
  matchings,
  messages,
  organizations,
  users,
  vacancies,
} from '../src/db/schema/index';
import { legalAcceptanceRows } from '../src/modules/users/legal-acceptances';

export const MARKETPLACE_VOLUME_USER = 'anfragen@bench.matchwerk.example';
export const MARKETPLACE_VOLUME_ORGANIZATION_ID = '00000000-0000-4000-8000-00000000b001';
/** The candidate of the long chat. */
export const MARKETPLACE_VOLUME_CHAT_APPLICANT_ID = 'bench-applicant-0000';

export interface MarketplaceVolumeSizes {
  postings: number;
  applicants: number;
  chatMessages: number;
}

export const MARKETPLACE_VOLUME_DEFAULTS: MarketplaceVolumeSizes = { postings: 50, applicants: 80, chatMessages: 5000 };

const applicantId = (index: number) => `bench-applicant-${String(index).padStart(4, '0')}`;

async function insertChunked<Row>(rows: Row[], insert: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) await insert(rows.slice(start, start + 1000));
}

export async function addMarketplaceVolume(db: Database, sizes: MarketplaceVolumeSizes = MARKETPLACE_VOLUME_DEFAULTS) {
  const [account] = await db.select({ password: authAccounts.password }).from(authAccounts).limit(1);
  const passwordHash = account?.password ?? '';
  const now = Date.now();
  const signed = new Date(now);

  await db
    .insert(organizations)
    .values({ id: MARKETPLACE_VOLUME_ORGANIZATION_ID, name: 'Anfragen Bench GmbH', region: 'SINDELFINGEN' });
  const ownerId = 'bench-anfragen-owner';
  await db
    .insert(authUsers)
    .values({ id: ownerId, name: 'Anna Anfragen', email: MARKETPLACE_VOLUME_USER, emailVerified: true });
  await db.insert(authAccounts).values({
    id: `${ownerId}-account`,
    accountId: ownerId,
    providerId: 'credential',
    userId: ownerId,
    password: passwordHash,
  });
  await db.insert(users).values({
    id: ownerId,
    type: 'ORGANIZATION',
    organizationId: MARKETPLACE_VOLUME_ORGANIZATION_ID,
    privacyStatementSignedAt: signed,
    termsAndConditionsSignedAt: signed,
  });
  // The current legal texts accepted (ADR 0037); without them every marketplace route answers 403.
  await db.insert(legalAcceptances).values(legalAcceptanceRows(ownerId, signed));

  const applicantIds = Array.from({ length: sizes.applicants }, (_, index) => applicantId(index));
  await db.insert(authUsers).values(
    applicantIds.map((id, index) => ({
      id,
      name: `Bench Bewerber ${index}`,
      email: `${id}@bench.matchwerk.example`,
      emailVerified: true,
    })),
  );
  await db.insert(users).values(
    applicantIds.map((id) => ({
      id,
      type: 'APPLICANT' as const,
      privacyStatementSignedAt: signed,
      termsAndConditionsSignedAt: signed,
    })),
  );
  await db.insert(applicantProfiles).values(
    applicantIds.map((id, index) => ({
      userId: id,
      names: [`Vorname${index}`],
      familyNames: ['Bench'],
      school: 'Goldberg-Gymnasium Sindelfingen',
      region: 'SINDELFINGEN' as const,
      about: 'Ich interessiere mich für Technik und arbeite gern im Team.',
      interests: ['Technik', 'Sport'],
    })),
  );

  const postingIds = (
    await db
      .insert(vacancies)
      .values(
        Array.from({ length: sizes.postings }, (_, index) => ({
          organizationId: MARKETPLACE_VOLUME_ORGANIZATION_ID,
          title: `Ausbildung Anfragen ${String(index).padStart(3, '0')}`,
          type: 'APPRENTICESHIP' as const,
          description: '<p>Beschreibung</p>',
          descriptionExcerpt: 'Beschreibung',
          contactName: 'Anna Anfragen',
          city: 'Sindelfingen',
          zipCode: '71063',
          active: true,
        })),
      )
      .returning({ id: vacancies.id })
  ).map((row) => row.id);

  // Every candidate on every posting: half open, a quarter each accepted and rejected, over a year.
  const states = ['OPEN', 'ACCEPTED', 'OPEN', 'REJECTED'] as const;
  const yearMs = 365 * 24 * 3600 * 1000;
  const rows = postingIds.flatMap((vacancyId, posting) =>
    applicantIds.map((id, applicant) => {
      const index = posting * applicantIds.length + applicant;
      const state = states[index % states.length]!;
      const createdAt = new Date(now - ((index * 7_919_000) % yearMs));
      return { vacancyId, applicantId: id, state, createdAt, decidedAt: state === 'OPEN' ? null : createdAt };
    }),
  );
  await insertChunked(rows, (chunk) => db.insert(matchings).values(chunk));

  // The long chat: thousands of messages, alternating sides, one a minute.
  const [chat] = await db
    .insert(chats)
    .values({
      organizationId: MARKETPLACE_VOLUME_ORGANIZATION_ID,
      applicantId: MARKETPLACE_VOLUME_CHAT_APPLICANT_ID,
      lastMessageSeq: sizes.chatMessages,
      lastMessageAt: new Date(now),
    })
    .returning({ id: chats.id });
  const start = now - sizes.chatMessages * 60_000;
  const history = Array.from({ length: sizes.chatMessages }, (_, index) => ({
    chatId: chat!.id,
    seq: index + 1,
    sender: index % 2 === 0 ? ('ORGANIZATION' as const) : ('APPLICANT' as const),
    senderUserId: index % 2 === 0 ? ownerId : MARKETPLACE_VOLUME_CHAT_APPLICANT_ID,
    text: `Nachricht ${index + 1}: Vielen Dank für Ihre Nachricht, wir melden uns bald mit einem Termin.`,
    clientMessageId: crypto.randomUUID(),
    createdAt: new Date(start + index * 60_000),
  }));
  await insertChunked(history, (chunk) => db.insert(messages).values(chunk));
  // Fresh statistics, as autovacuum would have them after a bulk load.
  await db.execute(sql`analyze matchings, messages, chats, vacancies`);
  return { matchings: rows.length, messages: history.length };
}
