/**
 * Demo data for the administration (issue #10): about fifty more organisations across the
 * regions, so the organisations and users lists show paging and filters — plausible German
 * company names and places, some inactive, some members, exactly ONE self sign-up waiting for
 * release (SINDELFINGEN), 0–3 confirmed users each (some signed in lately), a few postings and
 * audit entries. Deterministic (own seeded generator) and inserted in a handful of bulk
 * statements, because the e2e server seeds on every start. The demo accounts of demo-data.ts
 * and their organisations are not touched.
 *
 * Words that tests search for ("korb", "zweifelhaft", "Listentest", "Balken", "Stelle") never
 * occur here, and no LICHTENFELS/HORB organisation gets postings (the postings tests list those
 * regions' postings page by page).
 */
import {
  vacancyInputSchema,
  type AuditAction,
  type Benefit,
  type PostingType,
  type Region,
  type VacancyInput,
  withoutFieldsNotUsed,
} from '@matchwerk/shared';
import type { Database } from '../db/client';
import {
  auditLog,
  authAccounts,
  authUsers,
  legalAcceptances,
  organizations,
  users,
  vacancies,
  type NewOrganizationRow,
} from '../db/schema/index';
import { legalAcceptanceRows } from '../modules/users/legal-acceptances';
import { createOfflineGeocoder } from '../modules/geocoding/geocoder';
import { toVacancyValues } from '../modules/vacancies/vacancy-values';

type Writer = Pick<Database, 'insert'>;

const DAY = 24 * 60 * 60 * 1000;
const SEED = 20_261_123;

/** mulberry32: a small seeded generator, so every fresh demo looks the same. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
  };
}
export type Random = ReturnType<typeof createRandom>;

interface Place {
  city: string;
  zipCode: string;
  phonePrefix: string;
}

const place = (city: string, zipCode: string, phonePrefix: string): Place => ({ city, zipCode, phonePrefix });

/** Places per region (city, a real postcode of it, the dialling code). */
export const DEMO_PLACES: Partial<Record<Region, Place[]>> = {
  SINDELFINGEN: [
    place('Sindelfingen', '71063', '07031'),
    place('Böblingen', '71032', '07031'),
    place('Calw', '75365', '07051'),
    place('Herrenberg', '71083', '07032'),
    place('Leonberg', '71229', '07152'),
    place('Holzgerlingen', '71088', '07031'),
    place('Weil der Stadt', '71263', '07033'),
    place('Ehningen', '71139', '07034'),
    place('Gärtringen', '71116', '07034'),
    place('Magstadt', '71106', '07159'),
    place('Schönaich', '71101', '07031'),
    place('Renningen', '71272', '07159'),
    place('Bad Liebenzell', '75378', '07052'),
  ],
  LICHTENFELS: [
    place('Lichtenfels', '96215', '09571'),
    place('Bad Staffelstein', '96231', '09573'),
    place('Burgkunstadt', '96224', '09572'),
    place('Michelau i. OFr.', '96247', '09571'),
  ],
  HORB: [
    place('Horb am Neckar', '72160', '07451'),
    place('Empfingen', '72186', '07485'),
    place('Eutingen im Gäu', '72184', '07459'),
    place('Starzach', '72181', '07483'),
  ],
  ESSLINGEN: [
    place('Esslingen am Neckar', '73728', '0711'),
    place('Plochingen', '73207', '07153'),
    place('Nürtingen', '72622', '07022'),
  ],
  SOEST: [place('Soest', '59494', '02921'), place('Werl', '59457', '02922'), place('Lippstadt', '59555', '02941')],
  RHEIN_NECKAR: [
    place('Mannheim', '68159', '0621'),
    place('Heidelberg', '69115', '06221'),
    place('Weinheim', '69469', '06201'),
  ],
  ANHALT_BITTERFELD: [
    place('Bitterfeld-Wolfen', '06749', '03493'),
    place('Köthen (Anhalt)', '06366', '03496'),
    place('Zerbst/Anhalt', '39261', '03923'),
  ],
  OEHRINGEN: [place('Öhringen', '74613', '07941'), place('Pfedelbach', '74629', '07941')],
  WORMS: [
    place('Worms', '67547', '06241'),
    place('Alzey', '55232', '06731'),
    place('Frankenthal (Pfalz)', '67227', '06233'),
  ],
  BRILON: [place('Brilon', '59929', '02961'), place('Marsberg', '34431', '02992')],
  BARNIM: [place('Eberswalde', '16225', '03334'), place('Bernau bei Berlin', '16321', '03338')],
  MERSEBURG: [place('Merseburg', '06217', '03461'), place('Leuna', '06237', '03461')],
  NARGOLD: [place('Nagold', '72202', '07452')],
  ATTENDORN: [
    place('Attendorn', '57439', '02722'),
    place('Plettenberg', '58840', '02391'),
    place('Finnentrop', '57413', '02721'),
  ],
  SCHMALLENBERG: [place('Schmallenberg', '57392', '02972')],
  OLSBERG: [place('Olsberg', '59939', '02962')],
  MONHEIM_AM_RHEIN: [place('Monheim am Rhein', '40789', '02173')],
  VALLENDAR: [place('Vallendar', '56179', '0261')],
  BIRKENFELD: [place('Idar-Oberstein', '55743', '06781'), place('Birkenfeld', '55765', '06782')],
};

/** New organisations per region: with the 9 of demo-data.ts and the waiting one, 60; SINDELFINGEN 2 + 21 + 1 = 24. */
const REGION_PLAN: [Region, number][] = [
  ['SINDELFINGEN', 21],
  ['LICHTENFELS', 4],
  ['HORB', 4],
  ['ESSLINGEN', 3],
  ['SOEST', 2],
  ['RHEIN_NECKAR', 3],
  ['ANHALT_BITTERFELD', 2],
  ['OEHRINGEN', 1],
  ['WORMS', 2],
  ['BRILON', 1],
  ['BARNIM', 1],
  ['MERSEBURG', 1],
  ['NARGOLD', 1],
  ['ATTENDORN', 1],
  ['SCHMALLENBERG', 1],
  ['BIRKENFELD', 1],
  ['VALLENDAR', 1],
];

interface Trade {
  word: string;
  branch: string;
  /** A posting this kind of company offers. */
  posting: { title: string; occupation: string; type: PostingType; duration: string; benefits: Benefit[] };
}

/** Benefits each posting type offers (the catalogue differs per type). */
const BENEFITS_BY_TYPE: Record<PostingType, Benefit[]> = {
  APPRENTICESHIP: ['TAKEOVER', 'VACATION_30', 'MENTOR'],
  DUAL_STUDY: ['TUITION_FEES', 'MENTOR', 'THESIS'],
  INTERNSHIP: ['PAID_INTERNSHIP', 'CERTIFICATE', 'MENTOR'],
  HOLIDAY_JOB: ['SHORT_NOTICE', 'TEAM'],
  VOLUNTARY_SERVICE: ['SEMINARS', 'POCKET_MONEY'],
};

const trade = (
  word: string,
  branch: string,
  title: string,
  occupation: string,
  type: PostingType = 'APPRENTICESHIP',
  duration = '3 Jahre',
): Trade => ({
  word,
  branch,
  posting: { title, occupation, type, duration, benefits: BENEFITS_BY_TYPE[type] },
});

const TRADES: Trade[] = [
  trade(
    'Metallbau',
    'Metallverarbeitung',
    'Ausbildung Metallbauer/in (m/w/d)',
    'Metallbauer/in',
    'APPRENTICESHIP',
    '3,5 Jahre',
  ),
  trade(
    'Elektrotechnik',
    'Elektrohandwerk',
    'Ausbildung Elektroniker/in für Energie- und Gebäudetechnik (m/w/d)',
    'Elektroniker/in',
    'APPRENTICESHIP',
    '3,5 Jahre',
  ),
  trade(
    'Haustechnik',
    'Sanitär, Heizung, Klima',
    'Ausbildung Anlagenmechaniker/in SHK (m/w/d)',
    'Anlagenmechaniker/in SHK',
    'APPRENTICESHIP',
    '3,5 Jahre',
  ),
  trade(
    'Autohaus',
    'Kfz-Handel und Werkstatt',
    'Ausbildung Kfz-Mechatroniker/in (m/w/d)',
    'Kfz-Mechatroniker/in',
    'APPRENTICESHIP',
    '3,5 Jahre',
  ),
  trade('Schreinerei', 'Holzhandwerk', 'Ausbildung Tischler/in (m/w/d)', 'Tischler/in'),
  trade(
    'Malerwerkstatt',
    'Maler- und Lackiererhandwerk',
    'Ausbildung Maler/in und Lackierer/in (m/w/d)',
    'Maler/in und Lackierer/in',
  ),
  trade('Steuerkanzlei', 'Steuerberatung', 'Ausbildung Steuerfachangestellte/r (m/w/d)', 'Steuerfachangestellte/r'),
  trade(
    'Zahnarztpraxis',
    'Gesundheit',
    'Ausbildung Zahnmedizinische/r Fachangestellte/r (m/w/d)',
    'Zahnmedizinische/r Fachangestellte/r',
  ),
  trade('Landhotel', 'Hotellerie und Gastronomie', 'Ausbildung Hotelfachmann/-frau (m/w/d)', 'Hotelfachmann/-frau'),
  trade(
    'Logistik',
    'Spedition und Lager',
    'Ausbildung Fachkraft für Lagerlogistik (m/w/d)',
    'Fachkraft für Lagerlogistik',
  ),
  trade(
    'Kunststofftechnik',
    'Kunststoffverarbeitung',
    'Ausbildung Verfahrensmechaniker/in Kunststofftechnik (m/w/d)',
    'Verfahrensmechaniker/in',
  ),
  trade(
    'Feinmechanik',
    'Maschinenbau',
    'Ausbildung Zerspanungsmechaniker/in (m/w/d)',
    'Zerspanungsmechaniker/in',
    'APPRENTICESHIP',
    '3,5 Jahre',
  ),
  trade(
    'Garten- und Landschaftsbau',
    'Garten- und Landschaftsbau',
    'Ausbildung Gärtner/in Garten- und Landschaftsbau (m/w/d)',
    'Gärtner/in',
  ),
  trade('Bedachungen', 'Dachdeckerhandwerk', 'Ausbildung Dachdecker/in (m/w/d)', 'Dachdecker/in'),
  trade('Physiotherapie', 'Gesundheit', 'Praktikum Physiotherapie (m/w/d)', 'Physiotherapie', 'INTERNSHIP', '4 Wochen'),
  trade('Apotheke', 'Gesundheit', 'Ausbildung Pharmazeutisch-kaufmännische/r Angestellte/r (m/w/d)', 'PKA'),
  trade(
    'Druckerei',
    'Medien und Druck',
    'Ausbildung Medientechnologe/-technologin Druck (m/w/d)',
    'Medientechnologe/-technologin Druck',
  ),
  trade(
    'IT-Systemhaus',
    'Informationstechnik',
    'Duales Studium Informatik (B.Sc.)',
    'Informatik',
    'DUAL_STUDY',
    '3 Jahre',
  ),
  trade('Bäckerei', 'Lebensmittelhandwerk', 'Ausbildung Bäcker/in (m/w/d)', 'Bäcker/in'),
  trade(
    'Fleischerei',
    'Lebensmittelhandwerk',
    'Ausbildung Fachverkäufer/in Lebensmittelhandwerk (m/w/d)',
    'Fachverkäufer/in',
  ),
  trade('Optik', 'Augenoptik', 'Ausbildung Augenoptiker/in (m/w/d)', 'Augenoptiker/in'),
  trade('Ingenieurbüro', 'Planung und Vermessung', 'Ausbildung Bauzeichner/in (m/w/d)', 'Bauzeichner/in'),
];

const FAMILY_NAMES = [
  'Bauer',
  'Schäfer',
  'Wagner',
  'Maier',
  'Häberle',
  'Eisele',
  'Rapp',
  'Kübler',
  'Dreher',
  'Kächele',
  'Schmid',
  'Hofer',
  'Lutz',
  'Engel',
  'Ziegler',
  'Renz',
  'Brenner',
  'Vollmer',
  'Seitz',
  'Kiefer',
  'Frank',
  'Roth',
  'Hummel',
  'Gerber',
  'Böhm',
  'Kurz',
  'Walter',
  'Sautter',
  'Stiefel',
  'Heinzelmann',
  'Lang',
  'Pfeiffer',
  'Nägele',
  'Fritz',
  'Ulmer',
  'Kraus',
  'Rieger',
  'Haas',
];
const FIRST_NAMES = [
  'Anna',
  'Jonas',
  'Lea',
  'Lukas',
  'Marie',
  'Felix',
  'Sophie',
  'Tim',
  'Laura',
  'David',
  'Julia',
  'Paul',
  'Katharina',
  'Simon',
  'Hannah',
  'Elias',
  'Miriam',
  'Tobias',
  'Selin',
  'Deniz',
  'Nina',
  'Marco',
  'Sarah',
  'Florian',
  'Elena',
  'Jan',
  'Aylin',
  'Stefan',
  'Carina',
  'Matthias',
  'Franziska',
  'Benedikt',
];
const LEGAL_FORMS = ['GmbH', 'GmbH & Co. KG', 'e. K.', 'GmbH', 'KG', 'OHG', 'GmbH'];

/** The one self sign-up waiting for release (SINDELFINGEN): its user can sign in with the demo password and sees the waiting notice. */
export const DEMO_WAITING_ORGANIZATION = {
  name: 'Reuter Solartechnik GmbH',
  email: 'jonas.reuter@reuter-solartechnik.example',
} as const;

export interface GeneratedUser {
  name: string;
  email: string;
  lastSignInAt: Date | null;
  createdAt: Date;
}

export interface GeneratedPosting {
  input: VacancyInput;
  active: boolean;
}

export interface GeneratedOrganization {
  values: NewOrganizationRow & { region: Region };
  users: GeneratedUser[];
  postings: GeneratedPosting[];
  audit: {
    action: AuditAction;
    actorEmail: string;
    at: Date;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function companyName(random: Random, tradeWord: string, city: string): string {
  const family = random.pick(FAMILY_NAMES);
  switch (random.int(0, 3)) {
    case 0:
      return `${tradeWord} ${family} ${random.pick(LEGAL_FORMS)}`;
    case 1:
      return `${family} ${tradeWord} ${random.pick(LEGAL_FORMS)}`;
    case 2:
      return `${family} & ${random.pick(FAMILY_NAMES)} ${tradeWord}`;
    default:
      return `${tradeWord} ${city.split(/[ (/]/)[0]} ${random.pick(LEGAL_FORMS)}`;
  }
}

function postingInput(
  trade: Trade,
  organizationName: string,
  where: Place,
  contactName: string,
  phone: string,
  random: Random,
): VacancyInput {
  const year = 2027;
  const salaries =
    trade.posting.type === 'APPRENTICESHIP'
      ? [1050 + 10 * random.int(0, 15), 1150 + 10 * random.int(0, 15), 1250 + 10 * random.int(0, 15)]
      : [];
  return {
    title: trade.posting.title,
    type: trade.posting.type,
    trainingOccupationName: trade.posting.occupation,
    duration: trade.posting.duration,
    start: `${year}-09-01`,
    startOfTraining: `${year}-09-01`,
    description: `<p>Bei ${organizationName} in ${where.city} lernen Sie den Beruf von Grund auf – mit festen Ansprechpartnern und echten Aufgaben ab dem ersten Tag.</p>`,
    whatWereLookingFor: '<p>Zuverlässigkeit, Neugier und Freude an der Arbeit im Team.</p>',
    about: null,
    taskDescription: null,
    benefits: trade.posting.benefits,
    additionalBenefits: null,
    contactName,
    contactPhone: phone,
    salaryRange:
      salaries.length > 0
        ? `${salaries[0]!.toLocaleString('de-DE')}–${salaries.at(-1)!.toLocaleString('de-DE')} €`
        : null,
    compensation: { salaryPerTrainingYear: salaries, additionalCompensation: null },
    location: {
      country: 'Deutschland',
      city: where.city,
      zipCode: where.zipCode,
      street: 'Hauptstraße',
      streetNumber: String(random.int(1, 120)),
    },
  };
}

export interface GenerateOptions {
  now: Date;
  /** Organisations per region (default: the demo plan, 50 organisations). */
  plan?: readonly (readonly [Region, number])[];
  seed?: number;
  /** Add the one waiting self sign-up (demo only). */
  waiting?: boolean;
  /** Postings and audit entries (the benchmark makes its own postings). */
  extras?: boolean;
}

/** The organisations with their users, postings and audit entries, as plain data (no database). */
export function generateOrganizations(options: GenerateOptions): GeneratedOrganization[] {
  const { now, plan = REGION_PLAN, seed = SEED, waiting = true, extras = true } = options;
  const random = createRandom(seed);
  const names = new Set<string>();
  const emails = new Set<string>();
  const result: GeneratedOrganization[] = [];
  let counter = 0;
  for (const [region, count] of plan) {
    const places = DEMO_PLACES[region] ?? [place('Musterstadt', '10115', '030')];
    for (let index = 0; index < count; index++) {
      counter++;
      const where = random.pick(places);
      const chosen = random.pick(TRADES);
      let name = companyName(random, chosen.word, where.city);
      // Names are unique (the bench makes thousands): a place or a number tells equal ones apart.
      if (names.has(name)) name = `${name} ${where.city}`;
      if (names.has(name)) name = `${name} ${counter}`;
      names.add(name);
      const domain = `${slug(name).slice(0, 40).replace(/-$/, '')}.example`;
      const createdAt = new Date(now.getTime() - random.int(20, 900) * DAY - random.int(0, 86_399) * 1000);
      const phone = `${where.phonePrefix} ${random.int(10_000, 99_999)}`;
      const userCount = random.pick([0, 1, 1, 1, 2, 2, 3]);
      const organizationUsers: GeneratedUser[] = [];
      for (let userIndex = 0; userIndex < userCount; userIndex++) {
        const first = random.pick(FIRST_NAMES);
        const family = random.pick(FAMILY_NAMES);
        let email = `${slug(first)}.${slug(family)}@${domain}`;
        if (emails.has(email)) email = `${slug(first)}.${slug(family)}${userIndex + 2}@${domain}`;
        emails.add(email);
        const signedIn = random.chance(0.6);
        organizationUsers.push({
          name: `${first} ${family}`,
          email,
          createdAt: new Date(createdAt.getTime() + userIndex * random.int(1, 60) * DAY),
          lastSignInAt: signedIn
            ? new Date(now.getTime() - random.int(0, 60) * DAY - random.int(0, 86_399) * 1000)
            : null,
        });
      }
      const member = random.chance(0.3);
      const active = random.chance(0.85);
      const contactName = organizationUsers[0]?.name ?? `${random.pick(FIRST_NAMES)} ${random.pick(FAMILY_NAMES)}`;
      const postings: GeneratedPosting[] = [];
      // A few postings, only outside LICHTENFELS/HORB (see the file comment).
      if (extras && region !== 'LICHTENFELS' && region !== 'HORB' && random.chance(0.3)) {
        const postingCount = random.int(1, 2);
        for (let postingIndex = 0; postingIndex < postingCount; postingIndex++) {
          const input = postingInput(chosen, name, where, contactName, phone, random);
          postings.push({
            input:
              postingIndex === 0
                ? input
                : { ...input, title: `${input.title} ${2028}`, start: '2028-09-01', startOfTraining: '2028-09-01' },
            active: random.chance(0.7),
          });
        }
      }
      const approvedAt = new Date(createdAt.getTime() + random.int(0, 3) * DAY + random.int(600, 30_000) * 1000);
      const audit: GeneratedOrganization['audit'] = [];
      if (extras) {
        audit.push({
          action: 'organization.approved',
          actorEmail: region === 'SINDELFINGEN' ? 'partner@matchwerk.example' : 'admin@matchwerk.example',
          at: approvedAt,
          before: { active: false },
          after: { active: true },
        });
        if (member)
          audit.push({
            action: 'organization.member_set',
            actorEmail: 'admin@matchwerk.example',
            at: new Date(approvedAt.getTime() + 7 * DAY),
            before: { member: false },
            after: { member: true },
          });
        if (!active)
          audit.push({
            action: 'organization.deactivated',
            actorEmail: 'admin@matchwerk.example',
            at: new Date(now.getTime() - random.int(1, 15) * DAY),
            before: { active: true },
            after: { active: false },
          });
      }
      result.push({
        values: {
          name,
          region,
          city: where.city,
          active,
          member,
          employeeCount: random.pick([4, 8, 12, 18, 25, 40, 60, 85, 120, 250, 480]),
          branch: chosen.branch,
          about: `${chosen.branch} in ${where.city}. Wir bilden aus und freuen uns über Bewerbungen aus der Region.`,
          contactName,
          contactPhone: phone,
          contactMail: `ausbildung@${domain}`,
          linkWebsite: `https://www.${domain}`,
          approvedAt,
          createdAt,
          updatedAt: approvedAt,
        },
        users: organizationUsers,
        postings,
        audit,
      });
    }
  }
  if (waiting) {
    const createdAt = new Date(now.getTime() - 2 * DAY);
    result.push({
      values: {
        name: DEMO_WAITING_ORGANIZATION.name,
        region: 'SINDELFINGEN',
        city: 'Herrenberg',
        active: false,
        member: false,
        employeeCount: 14,
        branch: 'Solar- und Elektrotechnik',
        about: 'Photovoltaik und Speicher für Privathäuser und Betriebe im Gäu. Wir möchten ab 2027 ausbilden.',
        contactName: 'Jonas Reuter',
        contactPhone: '07032 48120',
        contactMail: DEMO_WAITING_ORGANIZATION.email,
        approvedAt: null,
        createdAt,
        updatedAt: createdAt,
      },
      users: [
        {
          name: 'Jonas Reuter',
          email: DEMO_WAITING_ORGANIZATION.email,
          createdAt,
          lastSignInAt: new Date(createdAt.getTime() + 2 * 60 * 60 * 1000),
        },
      ],
      postings: [],
      audit: [],
    });
  }
  return result;
}

/** Rows per INSERT: well below PostgreSQL's 65,535 parameters for the widest table here. */
const CHUNK = 500;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

export interface InsertOptions {
  passwordHash: string;
  /** Turn posting inputs into rows (the demo geocodes and sanitises like the API; the bench passes its own). */
  postingValues?: (posting: GeneratedPosting) => Promise<Omit<typeof vacancies.$inferInsert, 'organizationId'>>;
}

/** Inserts generated organisations in bulk: organisations, auth users + credentials + user rows, postings, audit entries. */
export async function insertOrganizations(
  writer: Writer,
  generated: GeneratedOrganization[],
  options: InsertOptions,
): Promise<string[]> {
  const ids: string[] = [];
  await insertChunked(generated, async (chunk) => {
    const rows = await writer
      .insert(organizations)
      .values(chunk.map((item) => item.values))
      .returning({ id: organizations.id });
    ids.push(...rows.map((row) => row.id));
  });
  const people = generated.flatMap((item, index) =>
    item.users.map((user) => ({ user, organizationId: ids[index]!, id: crypto.randomUUID() })),
  );
  await insertChunked(people, (chunk) =>
    writer.insert(authUsers).values(
      chunk.map(({ id, user }) => ({
        id,
        name: user.name,
        email: user.email,
        emailVerified: true,
        createdAt: user.createdAt,
        updatedAt: user.createdAt,
      })),
    ),
  );
  await insertChunked(people, (chunk) =>
    writer.insert(authAccounts).values(
      chunk.map(({ id, user }) => ({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: options.passwordHash,
        createdAt: user.createdAt,
        updatedAt: user.createdAt,
      })),
    ),
  );
  await insertChunked(people, (chunk) =>
    writer.insert(users).values(
      chunk.map(({ id, user, organizationId }) => ({
        id,
        type: 'ORGANIZATION' as const,
        regions: [],
        organizationId,
        privacyStatementSignedAt: user.createdAt,
        termsAndConditionsSignedAt: user.createdAt,
        lastSignInAt: user.lastSignInAt,
        createdAt: user.createdAt,
        updatedAt: user.createdAt,
      })),
    ),
  );
  await insertChunked(people, (chunk) =>
    writer.insert(legalAcceptances).values(chunk.flatMap(({ id, user }) => legalAcceptanceRows(id, user.createdAt))),
  );
  if (options.postingValues) {
    const postingRows: (typeof vacancies.$inferInsert)[] = [];
    for (const [index, item] of generated.entries()) {
      for (const posting of item.postings)
        postingRows.push({ ...(await options.postingValues(posting)), organizationId: ids[index]! });
    }
    await insertChunked(postingRows, (chunk) => writer.insert(vacancies).values(chunk));
  }
  const entries = generated.flatMap((item, index) =>
    item.audit.map((entry) => ({
      at: entry.at,
      actorEmail: entry.actorEmail,
      action: entry.action,
      targetType: 'organization' as const,
      targetId: ids[index]!,
      targetLabel: item.values.name,
      organizationId: ids[index]!,
      regions: [item.values.region],
      before: entry.before,
      after: entry.after,
    })),
  );
  await insertChunked(entries, (chunk) => writer.insert(auditLog).values(chunk));
  return ids;
}

/** The demo: ~50 organisations next to the seeded ones (60 in all), inside the first seed's transaction. */
export async function seedAdministrationDemo(
  writer: Writer,
  options: { passwordHash: string; now: Date },
): Promise<void> {
  const geocoder = createOfflineGeocoder();
  await insertOrganizations(writer, generateOrganizations({ now: options.now }), {
    passwordHash: options.passwordHash,
    postingValues: async (posting) => {
      const parsed = vacancyInputSchema.parse(posting.input);
      // Each type keeps only the fields it asks for (ADR 0042).
      const input = withoutFieldsNotUsed(parsed.type, parsed);
      return { ...toVacancyValues(input, await geocoder.geocode(input.location)), active: posting.active };
    },
  });
}
