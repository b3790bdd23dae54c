/**
 * Demo marketplace (issue 4): ~25 German candidates made with faker (locale de, fixed seed, so
 * every fresh demo looks the same), neutral generated avatars (initials on a coloured circle —
 * no photos of people, no network), matchings in all three states on the postings of firma@ and
 * firma.lichtenfels@, and chats with a plausible message history for the accepted ones.
 * Runs inside the first seed only (seedDemoData returns early when users exist).
 */
import { fakerDE } from '@faker-js/faker';
import type { Region } from '@matchwerk/shared';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client';
import { authAccounts, authUsers } from '../db/schema/auth';
import {
  applicantPhotos,
  applicantProfiles,
  chats,
  matchings,
  messages,
  type MessageSender,
} from '../db/schema/marketplace';
import { users } from '../db/schema/users';
import { vacancies } from '../db/schema/vacancies';
import { newStorageKey, type BlobStorage } from '../modules/images/blob-storage';
import { demoBirthDate, seedYoungDemoCandidates } from './demo-young-candidates';
import type { StoredFile } from '../modules/images/images.service';

export const DEMO_APPLICANT_EMAIL = 'bewerberin@matchwerk.example';
const CANDIDATE_COUNT = 25;
const SEED = 20_261_121;
const CHAT_OPENED = 'Sie haben die Anfrage angenommen. Der Chat ist eröffnet.';

interface RegionSetup {
  region: Region;
  employerEmail: string;
  schools: string[];
}

const REGIONS: RegionSetup[] = [
  {
    region: 'SINDELFINGEN',
    employerEmail: 'firma@matchwerk.example',
    schools: [
      'Goldberg-Gymnasium Sindelfingen',
      'Gymnasium Unterrieden Sindelfingen',
      'Gottlieb-Daimler-Realschule Sindelfingen',
      'Mildred-Scheel-Schule Böblingen',
      'Otto-Hahn-Gymnasium Böblingen',
      'Gemeinschaftsschule Maichingen',
    ],
  },
  {
    region: 'LICHTENFELS',
    employerEmail: 'firma.lichtenfels@matchwerk.example',
    schools: [
      'Meranier-Gymnasium Lichtenfels',
      'Staatliche Realschule Lichtenfels',
      'Herzog-Otto-Mittelschule Lichtenfels',
      'Berufliches Schulzentrum Lichtenfels',
    ],
  },
];

const INTERESTS = [
  'Technik',
  'Handwerk',
  'Fußball',
  'Musik',
  'Programmieren',
  'Zeichnen',
  'Kochen',
  'Tiere',
  'Autos',
  'Natur',
  'Fotografie',
  'Basteln',
  'Computerspiele',
  'Tanzen',
  'Garten',
  'Lesen',
];
const AVATAR_COLOURS = ['#1565c0', '#2e7d32', '#6a1b9a', '#c62828', '#ef6c00', '#00838f', '#4e342e', '#37474f'];

/** Conversations after an accepted request; {title} is the posting, {contact} the employer's contact person. */
const CONVERSATIONS: [MessageSender, string][][] = [
  [
    [
      'ORGANIZATION',
      'Hallo {first}, schön, dass Sie sich für „{title}“ interessieren! Hätten Sie Lust auf ein Kennenlerngespräch?',
    ],
    ['APPLICANT', 'Hallo, ja sehr gern! Ich habe nach der Schule meistens ab 14 Uhr Zeit.'],
    ['ORGANIZATION', 'Passt Donnerstag um 15:30 Uhr? Die Anfahrt finden Sie unter www.schwabenwerk.example/anfahrt'],
    ['APPLICANT', 'Donnerstag passt super. Soll ich etwas mitbringen?'],
    ['ORGANIZATION', 'Gern Ihr letztes Zeugnis. Bis Donnerstag! Viele Grüße, {contact}'],
  ],
  [
    ['APPLICANT', 'Guten Tag, vielen Dank für die Zusage! Kann ich vorher einen Tag zum Schnuppern kommen?'],
    ['ORGANIZATION', 'Sehr gern. In den Herbstferien haben wir noch Plätze frei. Welche Woche wäre Ihnen lieber?'],
    ['APPLICANT', 'Die zweite Ferienwoche wäre ideal.'],
  ],
  [
    ['ORGANIZATION', 'Hallo {first}, danke für Ihr Interesse. Haben Sie schon ein Praktikum im Bereich gemacht?'],
    ['APPLICANT', 'Ja, zwei Wochen in der 9. Klasse in einer Kfz-Werkstatt. Das hat mir viel Spaß gemacht.'],
    ['ORGANIZATION', 'Klingt gut! Schicken Sie uns gern noch einen kurzen Lebenslauf, dann melden wir uns.'],
    ['APPLICANT', 'Mache ich heute Abend. Vielen Dank!'],
  ],
  [
    ['APPLICANT', 'Hallo! Ab wann würde die Ausbildung beginnen?'],
    [
      'ORGANIZATION',
      'Ausbildungsbeginn ist der 1. September. Vorher laden wir alle Azubis zu einem Kennenlerntag ein.',
    ],
  ],
];

const HOUR = 60 * 60 * 1000;

function avatarSvg(initials: string, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320">
  <rect width="320" height="320" fill="#f4f6f8"/>
  <circle cx="160" cy="160" r="150" fill="${colour}"/>
  <text x="160" y="192" font-family="DejaVu Sans, Arial, sans-serif" font-size="110" font-weight="bold" fill="#ffffff" text-anchor="middle">${initials}</text>
</svg>`;
}

async function renderAvatar(initials: string, colour: string, storage: BlobStorage): Promise<StoredFile> {
  const { data, info } = await sharp(Buffer.from(avatarSvg(initials, colour)))
    .webp({ quality: 75 })
    .toBuffer({ resolveWithObject: true });
  const storageKey = newStorageKey('webp');
  await storage.put(storageKey, data, 'image/webp');
  return { storageKey, mimeType: 'image/webp', width: info.width, height: info.height, bytes: data.length };
}

interface DemoCandidate {
  id: string;
  email: string;
  names: string[];
  familyNames: string[];
  dateOfBirth: string;
  school: string;
  region: Region;
  about: string;
  interests: string[];
  avatar: boolean;
  colour: string;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function makeCandidates(now: Date): DemoCandidate[] {
  const faker = fakerDE;
  faker.seed(SEED);
  const candidates: DemoCandidate[] = [];
  for (let index = 0; index < CANDIDATE_COUNT; index++) {
    const setup = REGIONS[index % 5 < 3 ? 0 : 1]!;
    const sex = faker.person.sexType();
    const first = faker.person.firstName(sex);
    const names = faker.number.int({ min: 0, max: 4 }) === 0 ? [first, faker.person.firstName(sex)] : [first];
    const familyNames = [faker.person.lastName()];
    const interests = faker.helpers.arrayElements(INTERESTS, { min: 2, max: 4 });
    const school = faker.helpers.arrayElement(setup.schools);
    const birth = faker.date.birthdate({ mode: 'age', min: 15, max: 22, refDate: now });
    const about = faker.helpers.arrayElement([
      `Ich gehe auf die ${school} und möchte nach dem Abschluss eine Ausbildung machen. In meiner Freizeit: ${interests.join(', ')}.`,
      `Mich begeistern ${interests[0]} und ${interests[1]}. Ich arbeite gern im Team und packe mit an.`,
      `Ich suche einen Ausbildungsplatz in der Nähe. Zuverlässig, neugierig und handwerklich geschickt.`,
      `Nach einem Praktikum weiß ich, dass ich praktisch arbeiten möchte. Hobbys: ${interests.join(', ')}.`,
    ]);
    const slug = `${names[0]}.${familyNames[0]}`
      .toLowerCase()
      .normalize('NFKD')
      .replace(/ß/g, 'ss')
      .replace(/[^a-z.]/g, '');
    candidates.push({
      id: crypto.randomUUID(),
      email: `${slug}.${index + 1}@bewerber.matchwerk.example`,
      names,
      familyNames,
      dateOfBirth: isoDate(birth),
      school,
      region: setup.region,
      about,
      interests,
      avatar: index % 4 !== 3,
      colour: AVATAR_COLOURS[index % AVATAR_COLOURS.length]!,
    });
  }
  return candidates;
}

/** Renders the avatars first (outside the transaction); returns candidate id → file. */
export async function renderCandidateAvatars(
  candidates: DemoCandidate[],
  storage: BlobStorage | undefined,
): Promise<Map<string, StoredFile>> {
  const files = new Map<string, StoredFile>();
  if (!storage) return files;
  for (const candidate of candidates) {
    if (!candidate.avatar) continue;
    const initials = `${candidate.names[0]![0] ?? ''}${candidate.familyNames[0]![0] ?? ''}`.toUpperCase();
    files.set(candidate.id, await renderAvatar(initials, candidate.colour, storage));
  }
  return files;
}

export interface MarketplaceSeedOptions {
  passwordHash: string;
  now: Date;
  blobStorage?: BlobStorage | undefined;
}

/** Seeds the demo marketplace; call once, right after the demo accounts and postings exist. */
export async function seedMarketplaceDemo(
  db: Database,
  options: MarketplaceSeedOptions,
): Promise<{ storageKeys: string[] }> {
  const { now } = options;
  const candidates = makeCandidates(now);
  const avatars = await renderCandidateAvatars(candidates, options.blobStorage);
  const storageKeys = [...avatars.values()].map((file) => file.storageKey);
  const faker = fakerDE;
  faker.seed(SEED + 1);

  try {
    await db.transaction(async (tx) => {
      // The demo applicant of the account list gets a profile too.
      const [demoApplicant] = await tx
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(eq(authUsers.email, DEMO_APPLICANT_EMAIL));
      if (demoApplicant) {
        await tx
          .insert(applicantProfiles)
          .values({
            userId: demoApplicant.id,
            names: ['Berit'],
            familyNames: ['Bewerberin'],
            // 17 (birthday 100 days ago): no parental consent needed (ADR 0097).
            dateOfBirth: demoBirthDate(now, 17),
            school: 'Goldberg-Gymnasium Sindelfingen',
            region: 'SINDELFINGEN',
            about:
              'Ich mache nächstes Jahr Abitur und suche ein duales Studium oder eine Ausbildung im technischen Bereich.',
            interests: ['Technik', 'Programmieren', 'Volleyball'],
          })
          .onConflictDoNothing();
      }
      // A 15-year-old with his parent's consent and a 14-year-old still waiting for it (issue 46 item 10).
      await seedYoungDemoCandidates(tx, now);

      await tx.insert(authUsers).values(
        candidates.map((candidate) => ({
          id: candidate.id,
          name: [...candidate.names, ...candidate.familyNames].join(' '),
          email: candidate.email,
          emailVerified: true,
          createdAt: new Date(now.getTime() - 30 * 24 * HOUR),
        })),
      );
      await tx.insert(authAccounts).values(
        candidates.map((candidate) => ({
          id: crypto.randomUUID(),
          accountId: candidate.id,
          providerId: 'credential',
          userId: candidate.id,
          password: options.passwordHash,
        })),
      );
      await tx.insert(users).values(
        candidates.map((candidate) => ({
          id: candidate.id,
          type: 'APPLICANT' as const,
          regions: [],
          privacyStatementSignedAt: now,
          termsAndConditionsSignedAt: now,
          notifyViaMail: false,
        })),
      );
      await tx.insert(applicantProfiles).values(
        candidates.map((candidate) => ({
          userId: candidate.id,
          names: candidate.names,
          familyNames: candidate.familyNames,
          dateOfBirth: candidate.dateOfBirth,
          school: candidate.school,
          region: candidate.region,
          about: candidate.about,
          interests: candidate.interests,
        })),
      );
      const photoRows = candidates.flatMap((candidate) => {
        const file = avatars.get(candidate.id);
        return file ? [{ applicantId: candidate.id, position: 0, ...file }] : [];
      });
      if (photoRows.length > 0) await tx.insert(applicantPhotos).values(photoRows);

      for (const setup of REGIONS) {
        const [employer] = await tx
          .select({ userId: users.id, organizationId: users.organizationId, name: authUsers.name })
          .from(users)
          .innerJoin(authUsers, eq(authUsers.id, users.id))
          .where(eq(authUsers.email, setup.employerEmail));
        if (!employer?.organizationId) continue;
        const organizationId = employer.organizationId;
        const postings = await tx
          .select({ id: vacancies.id, title: vacancies.title })
          .from(vacancies)
          .where(and(eq(vacancies.organizationId, organizationId), eq(vacancies.active, true)))
          .orderBy(asc(vacancies.title));
        if (postings.length === 0) continue;
        const local = candidates.filter((candidate) => candidate.region === setup.region);
        const matchingRows: (typeof matchings.$inferInsert)[] = [];
        const accepted: { candidate: DemoCandidate; title: string; decidedAt: Date }[] = [];
        for (const [index, candidate] of local.entries()) {
          const chosen = faker.helpers.arrayElements(postings, { min: 1, max: Math.min(2, postings.length) });
          for (const [offset, posting] of chosen.entries()) {
            // All three states, most of them open; the first candidates are decided, so each state exists.
            const roll = (index + offset) % 6;
            const state = roll === 1 || roll === 4 ? 'ACCEPTED' : roll === 2 ? 'REJECTED' : 'OPEN';
            const createdAt = new Date(now.getTime() - faker.number.int({ min: 3, max: 14 * 24 }) * HOUR);
            const decidedAt =
              state === 'OPEN'
                ? null
                : new Date(
                    Math.min(now.getTime() - HOUR, createdAt.getTime() + faker.number.int({ min: 2, max: 48 }) * HOUR),
                  );
            matchingRows.push({
              vacancyId: posting.id,
              applicantId: candidate.id,
              state,
              createdAt,
              decidedAt,
              decidedBy: decidedAt ? employer.userId : null,
            });
            if (state === 'ACCEPTED' && decidedAt && !accepted.some((entry) => entry.candidate.id === candidate.id)) {
              accepted.push({ candidate, title: posting.title, decidedAt });
            }
          }
        }
        if (matchingRows.length > 0) await tx.insert(matchings).values(matchingRows);

        for (const [index, { candidate, title, decidedAt }] of accepted.entries()) {
          const script = CONVERSATIONS[index % CONVERSATIONS.length]!;
          const lines: { sender: MessageSender; text: string; at: Date }[] = [
            { sender: 'SYSTEM', text: CHAT_OPENED, at: decidedAt },
          ];
          let at = decidedAt.getTime();
          const span = Math.max(HOUR, now.getTime() - 30 * 60 * 1000 - decidedAt.getTime());
          for (const [sender, template] of script) {
            const step = Math.floor(span / (script.length + 1));
            // Jitter within a third of a step keeps the history in order.
            at += step - faker.number.int({ min: 0, max: Math.floor(step / 3) });
            lines.push({
              sender,
              text: template
                .replace('{first}', candidate.names[0]!)
                .replace('{title}', title)
                .replace('{contact}', employer.name),
              at: new Date(Math.min(at, now.getTime() - 60 * 1000)),
            });
          }
          const last = lines.at(-1)!;
          const [chat] = await tx
            .insert(chats)
            .values({
              organizationId,
              applicantId: candidate.id,
              createdAt: decidedAt,
              lastMessageAt: last.at,
              lastMessageSeq: lines.length,
            })
            .returning({ id: chats.id });
          await tx.insert(messages).values(
            lines.map((line, position) => ({
              chatId: chat!.id,
              seq: position + 1,
              sender: line.sender,
              senderUserId:
                line.sender === 'APPLICANT' ? candidate.id : line.sender === 'ORGANIZATION' ? employer.userId : null,
              text: line.text,
              clientMessageId: line.sender === 'SYSTEM' ? null : crypto.randomUUID(),
              createdAt: line.at,
            })),
          );
        }
      }
    });
  } catch (error) {
    await options.blobStorage?.delete(storageKeys);
    throw error;
  }
  return { storageKeys };
}
