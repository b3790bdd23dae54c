/**
 * A season of demo activity (issue #11), so every statistics chart means something: ~400
 * candidates across the regions (160 in SINDELFINGEN, 64 in LICHTENFELS) with schools, ages and
 * interests (the posting types they want, as the student statistics count them, and hobbies);
 * postings for the administration demo's organisations that have none; posting views, matchings in all three states (a campaign peak in September/October, decisions hours to
 * days later, some requests left open for weeks), chats with a few messages for accepted ones,
 * and a smaller previous season so comparisons show changes.
 *
 * Deterministic (seeded faker, locale de, and the admin demo's seeded generator); every
 * timestamp is relative to the seed's `now` and its season (1 Aug – 31 Jul), so the demo looks
 * alive whenever it starts. Everything goes in with a handful of bulk statements.
 *
 * Left exactly as they are (the e2e tests rely on them): the two main demo organisations (firma@,
 * firma.lichtenfels@) — no postings, views, matchings or chats are added on theirs — the demo
 * accounts and the waiting sign-up. No LICHTENFELS/HORB organisation gets new postings (the
 * postings tests list those regions' postings page by page), and no text here contains the words
 * other tests search for ("korb", "zweifelhaft", "Listentest", "Balken", "Stelle").
 */
import { fakerDE } from '@faker-js/faker';
import {
  BENEFITS_BY_POSTING_TYPE,
  berlinToday,
  presetPeriod,
  previousPeriod,
  vacancyInputSchema,
  type MatchingState,
  type PostingType,
  type Region,
  type VacancyInput,
  withoutFieldsNotUsed,
} from '@matchwerk/shared';
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  authAccounts,
  authUsers,
  chats,
  matchings,
  messages,
  organizations,
  users,
  vacancies,
  vacancyViews,
  type MessageSender,
} from '../db/schema/index';
import { applicantProfiles } from '../db/schema/marketplace';
import { createOfflineGeocoder } from '../modules/geocoding/geocoder';
import { toVacancyValues } from '../modules/vacancies/vacancy-values';
import { createRandom, DEMO_PLACES, type Random } from './demo-administration';

const SEED = 20_261_111;
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** The e-mails of the two main demo organisations' accounts: nothing is added on their postings. */
export const UNTOUCHED_EMPLOYER_EMAILS = ['firma@matchwerk.example', 'firma.lichtenfels@matchwerk.example'] as const;
/** Regions whose organisations get no new postings (see the file comment). */
const NO_NEW_POSTINGS: readonly Region[] = ['LICHTENFELS', 'HORB'];
export const ACTIVITY_EMAIL_DOMAIN = 'kandidaten.matchwerk.example';

/** Candidates per region: 400 in all. */
export const CANDIDATE_PLAN: readonly (readonly [Region, number])[] = [
  ['SINDELFINGEN', 160],
  ['LICHTENFELS', 64],
  ['HORB', 30],
  ['ESSLINGEN', 30],
  ['RHEIN_NECKAR', 30],
  ['SOEST', 20],
  ['ANHALT_BITTERFELD', 16],
  ['WORMS', 16],
  ['OEHRINGEN', 10],
  ['BRILON', 8],
  ['BARNIM', 8],
  ['MERSEBURG', 8],
];

/**
 * SINDELFINGEN's schools with how many of its candidates go there (sum 148; with 10 without a
 * school and the small one, 160). Each is ≥ 5, so the student statistics name them.
 */
const SINDELFINGEN_SCHOOLS: readonly (readonly [string, number])[] = [
  ['Goldberg-Gymnasium Sindelfingen', 22],
  ['Gottlieb-Daimler-Realschule Sindelfingen', 18],
  ['Gymnasium Unterrieden Sindelfingen', 16],
  ['Mildred-Scheel-Schule Böblingen', 14],
  ['Otto-Hahn-Gymnasium Böblingen', 13],
  ['Realschule am Stadtgarten Böblingen', 12],
  ['Stiftsgymnasium Sindelfingen', 11],
  ['Gemeinschaftsschule Maichingen', 10],
  ['Gottlieb-Daimler-Schule Sindelfingen', 9],
  ['Pfarrwiesengymnasium Sindelfingen', 8],
  ['Andreae-Gymnasium Herrenberg', 8],
  ['Hermann-Hesse-Gymnasium Calw', 7],
];
/** Intentionally small (2 candidates): the statistics show it as "< 5". */
export const SMALL_SCHOOL = 'Freie Waldorfschule Böblingen';
const SMALL_SCHOOL_COUNT = 2;
const SINDELFINGEN_WITHOUT_SCHOOL = 10;

const LICHTENFELS_SCHOOLS = [
  'Meranier-Gymnasium Lichtenfels',
  'Staatliche Realschule Lichtenfels',
  'Herzog-Otto-Mittelschule Lichtenfels',
  'Berufliches Schulzentrum Lichtenfels',
  'Gymnasium Burgkunstadt',
  'Staatliche Realschule Burgkunstadt',
  'Viktor-von-Scheffel-Schule Bad Staffelstein',
  'Mittelschule Bad Staffelstein',
  'Mittelschule Michelau',
  'Realschule am Stadtgarten Lichtenfels',
  'Staatliche Fachoberschule Lichtenfels',
  'Mittelschule Ebensfeld',
];
/** Other regions: these patterns + the region's main town (fewer for small regions). */
const SCHOOL_PATTERNS = [
  'Gymnasium am Stadtpark',
  'Realschule am Stadtgarten',
  'Gemeinschaftsschule',
  'Berufliche Schule',
  'Albert-Einstein-Gymnasium',
  'Geschwister-Scholl-Realschule',
  'Werkrealschule',
  'Kaufmännische Schule',
  'Technisches Gymnasium',
  'Mittelschule',
  'Wirtschaftsgymnasium',
  'Gewerbliche Schule',
];

/** Age in years → share; "ohne Angabe" (no date of birth) comes on top. Mostly 15–18. */
const AGE_SHARES: readonly (readonly [number, number])[] = [
  [14, 5],
  [15, 20],
  [16, 21],
  [17, 20],
  [18, 16],
  [19, 6],
  [20, 4],
  [21, 3],
  [22, 2],
  [23, 2],
  [24, 1],
];
const WITHOUT_BIRTH_DATE_SHARE = 0.05;
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
  'Pflege',
  'Mode',
];

interface OfferTemplate {
  title: string;
  occupation: string;
  type: PostingType;
  duration: string;
  /** How attractive it is to candidates (relative). */
  appeal: number;
}
const offer = (
  type: PostingType,
  title: string,
  occupation: string,
  duration: string,
  appeal: number,
): OfferTemplate => ({ type, title, occupation, duration, appeal });
/** What the new postings offer: all five types, the occupations the top-10 chart should name. */
const OFFERS: readonly OfferTemplate[] = [
  offer('APPRENTICESHIP', 'Ausbildung Industriekaufmann/-frau (m/w/d)', 'Industriekaufmann/-frau', '3 Jahre', 6),
  offer('APPRENTICESHIP', 'Ausbildung Mechatroniker/in (m/w/d)', 'Mechatroniker/in', '3,5 Jahre', 7),
  offer(
    'APPRENTICESHIP',
    'Ausbildung Fachinformatiker/in Anwendungsentwicklung (m/w/d)',
    'Fachinformatiker/in',
    '3 Jahre',
    9,
  ),
  offer('APPRENTICESHIP', 'Ausbildung Elektroniker/in für Betriebstechnik (m/w/d)', 'Elektroniker/in', '3,5 Jahre', 5),
  offer(
    'APPRENTICESHIP',
    'Ausbildung Kaufmann/-frau im Einzelhandel (m/w/d)',
    'Kaufmann/-frau im Einzelhandel',
    '3 Jahre',
    5,
  ),
  offer('APPRENTICESHIP', 'Ausbildung Pflegefachmann/-frau (m/w/d)', 'Pflegefachmann/-frau', '3 Jahre', 4),
  offer('APPRENTICESHIP', 'Ausbildung Industriemechaniker/in (m/w/d)', 'Industriemechaniker/in', '3,5 Jahre', 4),
  offer('APPRENTICESHIP', 'Ausbildung Kfz-Mechatroniker/in (m/w/d)', 'Kfz-Mechatroniker/in', '3,5 Jahre', 6),
  offer(
    'APPRENTICESHIP',
    'Ausbildung Medizinische/r Fachangestellte/r (m/w/d)',
    'Medizinische/r Fachangestellte/r',
    '3 Jahre',
    4,
  ),
  offer('APPRENTICESHIP', 'Ausbildung Bankkaufmann/-frau (m/w/d)', 'Bankkaufmann/-frau', '2,5 Jahre', 3),
  offer(
    'APPRENTICESHIP',
    'Ausbildung Kaufmann/-frau für Büromanagement (m/w/d)',
    'Kaufmann/-frau für Büromanagement',
    '3 Jahre',
    4,
  ),
  offer(
    'APPRENTICESHIP',
    'Ausbildung Fachkraft für Lagerlogistik (m/w/d)',
    'Fachkraft für Lagerlogistik',
    '3 Jahre',
    2,
  ),
  offer('DUAL_STUDY', 'Duales Studium Wirtschaftsinformatik (B.Sc.)', 'Wirtschaftsinformatik', '3 Jahre', 5),
  offer('DUAL_STUDY', 'Duales Studium Maschinenbau (B.Eng.)', 'Maschinenbau', '3 Jahre', 3),
  offer('DUAL_STUDY', 'Duales Studium BWL – Handel (B.A.)', 'BWL – Handel', '3 Jahre', 3),
  offer('INTERNSHIP', 'Schülerpraktikum Mechatronik (2 Wochen)', 'Mechatroniker/in', '2 Wochen', 4),
  offer('INTERNSHIP', 'Praktikum im Büro (1 Woche)', 'Kaufmann/-frau für Büromanagement', '1 Woche', 3),
  offer('INTERNSHIP', 'Schnupperpraktikum Pflege (1 Woche)', 'Pflegefachmann/-frau', '1 Woche', 2),
  offer('HOLIDAY_JOB', 'Ferienjob in der Produktion (Sommer 2027)', 'Produktionshelfer/in', '4 Wochen', 3),
  offer('HOLIDAY_JOB', 'Ferienjob im Lager (Sommer 2027)', 'Lagerhelfer/in', '3 Wochen', 2),
  offer('VOLUNTARY_SERVICE', 'Freiwilliges Soziales Jahr (FSJ) im Kindergarten', 'FSJ Kindergarten', '12 Monate', 2),
  offer('VOLUNTARY_SERVICE', 'Bundesfreiwilligendienst im Krankenhaus', 'Bundesfreiwilligendienst', '12 Monate', 2),
];

const CHAT_OPENED = 'Sie haben die Anfrage angenommen. Der Chat ist eröffnet.';
const CONVERSATION: readonly (readonly [MessageSender, string])[] = [
  ['ORGANIZATION', 'Hallo {first}, danke für Ihr Interesse an „{title}“! Hätten Sie Zeit für ein Kennenlerngespräch?'],
  ['APPLICANT', 'Guten Tag, ja sehr gern. Ich habe nach der Schule meistens ab 14 Uhr Zeit.'],
  ['ORGANIZATION', 'Passt Ihnen Donnerstag um 15:30 Uhr? Bringen Sie gern Ihr letztes Zeugnis mit.'],
  ['APPLICANT', 'Donnerstag passt. Vielen Dank, bis dann!'],
  ['ORGANIZATION', 'Schön, dass es geklappt hat. Wir melden uns nächste Woche mit dem Vertrag.'],
];

interface Season {
  start: number;
  /** The season's end, or now for the current one. */
  end: number;
}

export interface DemoActivityCandidate {
  email: string;
  name: string;
  names: string[];
  familyNames: string[];
  region: Region;
  school: string | null;
  dateOfBirth: string | null;
  interests: string[];
  registeredAt: Date;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** One formatter for all (building one per call costs more than the whole view loop). */
const BERLIN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
function berlinDay(date: Date): string {
  return BERLIN_DAY.format(date);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]/g, '');
}

/** Exactly `count` items in the given proportions (largest remainder), in a seeded order. */
function byQuota<T>(count: number, shares: readonly (readonly [T, number])[], random: Random): T[] {
  const total = shares.reduce((sum, [, share]) => sum + share, 0);
  const exact = shares.map(([value, share]) => ({ value, exact: (count * share) / total }));
  const items = exact.flatMap(({ value, exact: amount }) => Array.from({ length: Math.floor(amount) }, () => value));
  const byRemainder = [...exact].sort((a, b) => (b.exact % 1) - (a.exact % 1));
  for (let index = 0; items.length < count; index++) items.push(byRemainder[index % byRemainder.length]!.value);
  return shuffle(items, random);
}

function shuffle<T>(items: T[], random: Random): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}

/** The current season (up to now) and the previous one, as epoch milliseconds. */
export function demoSeasons(now: Date): { current: Season; previous: Season } {
  const current = presetPeriod('SEASON', berlinToday(now));
  const previous = previousPeriod(current);
  const midnight = (day: string) => new Date(`${day}T00:00:00+02:00`).getTime();
  return {
    current: { start: midnight(current.from), end: now.getTime() },
    previous: { start: midnight(previous.from), end: midnight(current.from) },
  };
}

/**
 * A moment in the season: 60 % in the application campaign (September/October, i.e. days
 * 31–92 of the season; squeezed when less of the season has passed), the rest spread evenly.
 * Never before `notBefore`, never after the season's end.
 */
function seasonMoment(random: Random, season: Season, notBefore = 0): number {
  const from = Math.max(season.start, notBefore);
  if (from >= season.end) return season.end - random.int(1, 120) * 60 * 1000;
  const days = (season.end - season.start) / DAY;
  for (let attempt = 0; attempt < 6; attempt++) {
    const campaign = random.chance(0.6);
    const low = campaign ? Math.min(31, days * 0.27) : 0;
    const high = campaign ? Math.min(92, days * 0.8) : days;
    const at = season.start + (low + random.next() * (high - low)) * DAY;
    if (at >= from && at < season.end) return Math.floor(at);
  }
  return Math.floor(from + random.next() * (season.end - from));
}

/** How often candidates want each kind of posting (one or two kinds each). */
const WANTED_TYPES: readonly (readonly [PostingType, number])[] = [
  ['APPRENTICESHIP', 50],
  ['INTERNSHIP', 20],
  ['DUAL_STUDY', 12],
  ['HOLIDAY_JOB', 10],
  ['VOLUNTARY_SERVICE', 8],
];
function pickTypes(random: Random): PostingType[] {
  const pick = () => {
    let roll = random.next() * 100;
    for (const [type, share] of WANTED_TYPES) {
      roll -= share;
      if (roll <= 0) return type;
    }
    return 'APPRENTICESHIP';
  };
  const first = pick();
  const second = random.chance(0.35) ? pick() : first;
  return second === first ? [first] : [first, second];
}

function schoolsOf(region: Region, candidates: number): readonly (readonly [string, number])[] {
  if (region === 'LICHTENFELS') return LICHTENFELS_SCHOOLS.map((name, index) => [name, 12 - index / 2] as const);
  const town = DEMO_PLACES[region]?.[0]?.city ?? 'Musterstadt';
  // About six candidates per school, so most groups reach the 5 the statistics need.
  const count = Math.min(12, Math.max(2, Math.floor(candidates / 6)));
  return SCHOOL_PATTERNS.slice(0, count).map((pattern, index) => [`${pattern} ${town}`, count - index / 2] as const);
}

/** The ~400 candidates, as plain data (no database). */
export function generateDemoCandidates(now: Date): DemoActivityCandidate[] {
  const random = createRandom(SEED);
  const faker = fakerDE;
  faker.seed(SEED);
  const seasons = demoSeasons(now);
  const result: DemoActivityCandidate[] = [];
  for (const [region, count] of CANDIDATE_PLAN) {
    let schools: (string | null)[];
    if (region === 'SINDELFINGEN') {
      schools = shuffle(
        [
          ...SINDELFINGEN_SCHOOLS.flatMap(([name, amount]) => Array.from({ length: amount }, () => name)),
          ...Array.from({ length: SMALL_SCHOOL_COUNT }, () => SMALL_SCHOOL),
          ...Array.from({ length: SINDELFINGEN_WITHOUT_SCHOOL }, () => null),
        ],
        random,
      );
    } else {
      const withSchool = Math.round(count * 0.93);
      schools = shuffle(
        [
          ...byQuota(withSchool, schoolsOf(region, withSchool), random),
          ...Array.from({ length: count - withSchool }, () => null),
        ],
        random,
      );
    }
    const withBirthDate = count - Math.round(count * WITHOUT_BIRTH_DATE_SHARE);
    const ages = shuffle(
      [...byQuota(withBirthDate, AGE_SHARES, random), ...Array.from({ length: count - withBirthDate }, () => null)],
      random,
    );
    for (let index = 0; index < count; index++) {
      const sex = faker.person.sexType();
      const first = faker.person.firstName(sex);
      const names = random.chance(0.15) ? [first, faker.person.firstName(sex)] : [first];
      const familyNames = [faker.person.lastName()];
      const age = ages[index];
      // Two in three registered this season (most during the campaign), the rest last season.
      const registeredAt = new Date(
        random.chance(0.66) ? seasonMoment(random, seasons.current) : seasonMoment(random, seasons.previous),
      );
      const birth =
        age === null || age === undefined ? null : new Date(now.getTime() - (age * 365.25 + random.int(1, 360)) * DAY);
      result.push({
        email: `${slug(names[0]!)}.${slug(familyNames[0]!)}.${result.length + 1}@${ACTIVITY_EMAIL_DOMAIN}`,
        name: [...names, ...familyNames].join(' '),
        names,
        familyNames,
        region,
        school: schools[index] ?? null,
        dateOfBirth: birth ? isoDate(birth) : null,
        // The kinds of posting wanted (what the student statistics count) and a few hobbies.
        interests: [...pickTypes(random), ...faker.helpers.arrayElements(INTERESTS, { min: 1, max: 3 })],
        registeredAt,
      });
    }
  }
  return result;
}

function postingInput(
  template: OfferTemplate,
  organizationName: string,
  city: string,
  zipCode: string,
  contactName: string,
  random: Random,
): VacancyInput {
  const salaries =
    template.type === 'APPRENTICESHIP'
      ? [1050 + 10 * random.int(0, 20), 1150 + 10 * random.int(0, 20), 1250 + 10 * random.int(0, 20)]
      : template.type === 'DUAL_STUDY'
        ? [1300, 1400, 1500]
        : [];
  return {
    title: template.title,
    type: template.type,
    trainingOccupationName: template.occupation,
    duration: template.duration,
    start: '2027-09-01',
    startOfTraining: '2027-09-01',
    description: `<p>Bei ${organizationName} in ${city} lernen Sie von erfahrenen Kolleginnen und Kollegen – mit echten Aufgaben ab dem ersten Tag.</p>`,
    whatWereLookingFor: '<p>Interesse am Beruf, Zuverlässigkeit und Freude an der Arbeit im Team.</p>',
    about: null,
    taskDescription: null,
    benefits: BENEFITS_BY_POSTING_TYPE[template.type].slice(0, 3),
    additionalBenefits: null,
    contactName,
    contactPhone: null,
    salaryRange:
      salaries.length > 0
        ? `${salaries[0]!.toLocaleString('de-DE')}–${salaries.at(-1)!.toLocaleString('de-DE')} €`
        : null,
    compensation: { salaryPerTrainingYear: salaries, additionalCompensation: null },
    location: {
      country: 'Deutschland',
      city,
      zipCode,
      street: 'Industriestraße',
      streetNumber: String(random.int(1, 90)),
    },
  };
}

/** Rows per INSERT: few statements, well below PostgreSQL's 65,535 parameters (narrow tables take more). */
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, chunkSize = 500): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize) await insert(rows.slice(start, start + chunkSize));
}

export interface DemoActivitySummary {
  candidates: number;
  postings: number;
  views: number;
  matchings: Record<MatchingState, number>;
  chats: number;
  messages: number;
}

/** Seeds the activity; call once, after the demo organisations, accounts and marketplace exist. */
export async function seedDemoActivity(
  db: Database,
  options: { passwordHash: string; now: Date },
): Promise<DemoActivitySummary> {
  const { now } = options;
  const nowMs = now.getTime();
  const seasons = demoSeasons(now);
  const candidates = generateDemoCandidates(now);
  const random = createRandom(SEED + 1);
  const geocoder = createOfflineGeocoder();

  return db.transaction(async (tx) => {
    const untouched = (
      await tx
        .select({ organizationId: users.organizationId })
        .from(users)
        .innerJoin(authUsers, eq(authUsers.id, users.id))
        .where(inArray(authUsers.email, [...UNTOUCHED_EMPLOYER_EMAILS]))
    ).flatMap((row) => (row.organizationId ? [row.organizationId] : []));
    const notUntouched = untouched.length > 0 ? notInArray(organizations.id, untouched) : sql`true`;

    // Released, active organisations (minus the two main ones) and the users who decide for them.
    const released = await tx
      .select({
        id: organizations.id,
        name: organizations.name,
        region: organizations.region,
        city: organizations.city,
        contactName: organizations.contactName,
        postings: sql<number>`(select count(*)::int from vacancies v where v.organization_id = ${organizations.id})`,
      })
      .from(organizations)
      .where(and(isNotNull(organizations.approvedAt), eq(organizations.active, true), notUntouched))
      .orderBy(asc(organizations.name));
    const deciders = new Map<string, string>();
    for (const row of await tx
      .select({ id: users.id, organizationId: users.organizationId })
      .from(users)
      .where(and(eq(users.type, 'ORGANIZATION'), isNotNull(users.organizationId)))
      .orderBy(asc(users.createdAt), asc(users.id))) {
      if (!deciders.has(row.organizationId!)) deciders.set(row.organizationId!, row.id);
    }

    // 1. Postings for organisations with none (an administration demo company offers 1–3).
    const newPostings: (typeof vacancies.$inferInsert)[] = [];
    for (const organization of released) {
      if (organization.postings > 0 || NO_NEW_POSTINGS.includes(organization.region) || !organization.city) continue;
      const place = DEMO_PLACES[organization.region]?.find((candidate) => candidate.city === organization.city);
      if (!place) continue;
      const offers = new Set<OfferTemplate>();
      const wanted = random.pick([1, 1, 2, 2, 3]);
      while (offers.size < wanted) offers.add(random.pick(OFFERS));
      for (const template of offers) {
        const parsed = vacancyInputSchema.parse(
          postingInput(
            template,
            organization.name,
            place.city,
            place.zipCode,
            organization.contactName ?? 'Ausbildungsteam',
            random,
          ),
        );
        // Each type keeps only the fields it asks for (ADR 0042).
        const input = withoutFieldsNotUsed(parsed.type, parsed);
        const createdAt = new Date(
          random.chance(0.35) ? seasonMoment(random, seasons.previous) : seasonMoment(random, seasons.current),
        );
        newPostings.push({
          ...toVacancyValues(input, await geocoder.geocode(input.location)),
          organizationId: organization.id,
          active: random.chance(0.9),
          createdAt,
          updatedAt: createdAt,
        });
      }
    }
    await insertChunked(newPostings, (chunk) => tx.insert(vacancies).values(chunk));

    // 2. Candidates: auth user, credential (the demo password), user row, profile.
    const ids = candidates.map(() => crypto.randomUUID());
    await insertChunked(
      candidates.map((candidate, index) => ({ candidate, id: ids[index]! })),
      async (chunk) => {
        await tx.insert(authUsers).values(
          chunk.map(({ candidate, id }) => ({
            id,
            name: candidate.name,
            email: candidate.email,
            emailVerified: true,
            createdAt: candidate.registeredAt,
            updatedAt: candidate.registeredAt,
          })),
        );
        await tx.insert(authAccounts).values(
          chunk.map(({ candidate, id }) => ({
            id: crypto.randomUUID(),
            accountId: id,
            providerId: 'credential',
            userId: id,
            password: options.passwordHash,
            createdAt: candidate.registeredAt,
            updatedAt: candidate.registeredAt,
          })),
        );
        await tx.insert(users).values(
          chunk.map(({ candidate, id }) => ({
            id,
            type: 'APPLICANT' as const,
            regions: [],
            privacyStatementSignedAt: candidate.registeredAt,
            termsAndConditionsSignedAt: candidate.registeredAt,
            notifyViaMail: false,
            createdAt: candidate.registeredAt,
            updatedAt: candidate.registeredAt,
          })),
        );
        await tx.insert(applicantProfiles).values(
          chunk.map(({ candidate, id }) => ({
            userId: id,
            names: candidate.names,
            familyNames: candidate.familyNames,
            dateOfBirth: candidate.dateOfBirth,
            school: candidate.school,
            region: candidate.region,
            interests: candidate.interests,
            createdAt: candidate.registeredAt,
            updatedAt: candidate.registeredAt,
          })),
        );
      },
    );

    // 3. The postings candidates act on: active ones of released organisations, not the main two.
    const postings = await tx
      .select({
        id: vacancies.id,
        title: vacancies.title,
        organizationId: vacancies.organizationId,
        region: organizations.region,
        createdAt: vacancies.createdAt,
        occupation: vacancies.trainingOccupationName,
      })
      .from(vacancies)
      .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
      .where(
        and(
          eq(vacancies.active, true),
          isNotNull(organizations.approvedAt),
          eq(organizations.active, true),
          notUntouched,
        ),
      )
      .orderBy(asc(organizations.name), asc(vacancies.title));
    if (postings.length === 0)
      return {
        candidates: candidates.length,
        postings: newPostings.length,
        views: 0,
        matchings: { OPEN: 0, ACCEPTED: 0, REJECTED: 0 },
        chats: 0,
        messages: 0,
      };
    // Postings that existed before the demo started get an age: a posting older than its first interest.
    const postedAt = new Map(
      postings.map((posting) => [
        posting.id,
        Math.min(posting.createdAt.getTime(), seasons.previous.start + random.int(0, 60) * DAY),
      ]),
    );
    const aged = postings.filter((posting) => postedAt.get(posting.id)! < posting.createdAt.getTime());
    if (aged.length > 0) {
      // Only created_at: "zuletzt geändert" (updated_at) stays as the demo seed set it.
      const values = sql.join(
        aged.map(
          (posting) => sql`(${posting.id}::uuid, ${new Date(postedAt.get(posting.id)!).toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      await tx.execute(
        sql`update vacancies set created_at = aged.created_at from (values ${values}) as aged(id, created_at) where vacancies.id = aged.id`,
      );
    }
    const appeal = (posting: (typeof postings)[number]) =>
      OFFERS.find(
        (template) =>
          template.title === posting.title ||
          (posting.occupation !== null && template.occupation === posting.occupation),
      )?.appeal ?? 3;
    const byRegion = new Map<string, typeof postings>();
    for (const posting of postings) byRegion.set(posting.region, [...(byRegion.get(posting.region) ?? []), posting]);
    const pickPosting = (region: Region) => {
      // Four in five look at home; otherwise anywhere (LICHTENFELS has no postings of its own besides the main demo company's).
      const pool = random.chance(0.8) ? (byRegion.get(region) ?? postings) : postings;
      const total = pool.reduce((sum, posting) => sum + appeal(posting), 0);
      let roll = random.next() * total;
      for (const posting of pool) {
        roll -= appeal(posting);
        if (roll <= 0) return posting;
      }
      return pool.at(-1)!;
    };

    const views = new Map<string, typeof vacancyViews.$inferInsert>();
    const view = (vacancyId: string, applicantId: string, at: number) => {
      const day = berlinDay(new Date(at));
      views.set(`${vacancyId}|${applicantId}|${day}`, { vacancyId, applicantId, day, createdAt: new Date(at) });
    };
    const matchingRows: (typeof matchings.$inferInsert)[] = [];
    const accepted: { organizationId: string; applicantId: string; first: string; title: string; at: number }[] = [];
    for (const [index, candidate] of candidates.entries()) {
      const applicantId = ids[index]!;
      const registered = candidate.registeredAt.getTime();
      const lastSeason = registered < seasons.current.start;
      // Last season's candidates come back this season less often.
      const season = () => (lastSeason && random.chance(0.6) ? seasons.previous : seasons.current);
      const browsing = random.int(2, 12);
      const matched = new Set<string>();
      for (let count = 0; count < browsing; count++) {
        const posting = pickPosting(candidate.region);
        const at = seasonMoment(random, season(), Math.max(registered, postedAt.get(posting.id)!));
        view(posting.id, applicantId, at);
        // About one look in four turns into interest.
        if (matched.has(posting.id) || !random.chance(0.27)) continue;
        matched.add(posting.id);
        const createdAt = Math.min(nowMs - 60 * 1000, at + random.int(1, 40) * 60 * 1000);
        const age = nowMs - createdAt;
        // Old requests are mostly decided; some stay open for weeks (the "whom to call" list).
        const roll = random.next();
        const state: MatchingState =
          age < 2 * HOUR
            ? 'OPEN'
            : age < 3 * DAY
              ? roll < 0.75
                ? 'OPEN'
                : roll < 0.9
                  ? 'ACCEPTED'
                  : 'REJECTED'
              : roll < 0.22
                ? 'OPEN'
                : roll < 0.62
                  ? 'ACCEPTED'
                  : 'REJECTED';
        const decidedAt =
          state === 'OPEN'
            ? null
            : Math.min(
                nowMs - 10 * 60 * 1000,
                createdAt + (random.chance(0.6) ? random.int(1, 30) * HOUR : random.int(2, 14) * DAY),
              );
        const decidedBy = deciders.get(posting.organizationId) ?? null;
        matchingRows.push({
          vacancyId: posting.id,
          applicantId,
          state,
          createdAt: new Date(createdAt),
          decidedAt: decidedAt === null ? null : new Date(decidedAt),
          decidedBy: decidedAt === null ? null : decidedBy,
        });
        if (state === 'ACCEPTED' && decidedAt !== null)
          accepted.push({
            organizationId: posting.organizationId,
            applicantId,
            first: candidate.names[0]!,
            title: posting.title,
            at: decidedAt,
          });
      }
    }
    await insertChunked([...views.values()], (chunk) => tx.insert(vacancyViews).values(chunk), 5000);
    await insertChunked(matchingRows, (chunk) => tx.insert(matchings).values(chunk), 2000);

    // 4. One chat per organisation and candidate (the first acceptance opens it), 2–6 messages.
    const chatByPair = new Map<string, (typeof accepted)[number]>();
    for (const entry of [...accepted].sort((a, b) => a.at - b.at)) {
      const key = `${entry.organizationId}|${entry.applicantId}`;
      if (!chatByPair.has(key)) chatByPair.set(key, entry);
    }
    const chatPlans = [...chatByPair.values()].map((entry) => {
      const lines: { sender: MessageSender; text: string; at: number }[] = [
        { sender: 'SYSTEM', text: CHAT_OPENED, at: entry.at },
      ];
      const length = random.int(1, CONVERSATION.length);
      let at = entry.at;
      for (const [sender, template] of CONVERSATION.slice(0, length)) {
        at = Math.min(nowMs - 60 * 1000, at + random.int(20, 30 * 60) * 60 * 1000);
        lines.push({ sender, text: template.replace('{first}', entry.first).replace('{title}', entry.title), at });
      }
      return { entry, lines, id: crypto.randomUUID() };
    });
    await insertChunked(chatPlans, (chunk) =>
      tx.insert(chats).values(
        chunk.map(({ entry, lines, id }) => ({
          id,
          organizationId: entry.organizationId,
          applicantId: entry.applicantId,
          createdAt: new Date(entry.at),
          lastMessageAt: new Date(lines.at(-1)!.at),
          lastMessageSeq: lines.length,
        })),
      ),
    );
    const messageRows = chatPlans.flatMap(({ entry, lines, id }) =>
      lines.map((line, position) => ({
        chatId: id,
        seq: position + 1,
        sender: line.sender,
        senderUserId:
          line.sender === 'APPLICANT'
            ? entry.applicantId
            : line.sender === 'ORGANIZATION'
              ? (deciders.get(entry.organizationId) ?? null)
              : null,
        text: line.text,
        clientMessageId: line.sender === 'SYSTEM' ? null : crypto.randomUUID(),
        createdAt: new Date(line.at),
      })),
    );
    await insertChunked(messageRows, (chunk) => tx.insert(messages).values(chunk), 2000);

    const counted = { OPEN: 0, ACCEPTED: 0, REJECTED: 0 } satisfies Record<MatchingState, number>;
    for (const row of matchingRows) counted[row.state!]++;
    return {
      candidates: candidates.length,
      postings: newPostings.length,
      views: views.size,
      matchings: counted,
      chats: chatPlans.length,
      messages: messageRows.length,
    };
  });
}
