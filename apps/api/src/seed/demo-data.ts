/**
 * Demo data for the embedded default (and PostgreSQL with SEED_DEMO=1): one account per role,
 * a few realistic organisations. Runs only when there are no users yet.
 */
import { vacancyInputSchema, type Region, type UserType, withoutFieldsNotUsed } from '@matchwerk/shared';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import {
  authAccounts,
  authUsers,
  legalAcceptances,
  organizations,
  photos,
  users,
  vacancies,
  type NewOrganizationRow,
} from '../db/schema/index';
import { legalAcceptanceRows } from '../modules/users/legal-acceptances';
import { createOfflineGeocoder } from '../modules/geocoding/geocoder';
import type { BlobStorage } from '../modules/images/blob-storage';
import type { StoredFile } from '../modules/images/images.service';
import { toVacancyValues } from '../modules/vacancies/vacancy-values';
import { renderDemoLogo, renderDemoPhoto } from './demo-images';
import { DEMO_VACANCIES } from './demo-vacancies';
import { seedAdministrationDemo } from './demo-administration';
import { seedOrdersDemo } from './demo-orders';
import { seedMarketplaceDemo } from './marketplace-demo';
import { seedDemoActivity } from './demo-activity';
import { seedFollowUpDemo } from './demo-follow-up';

export const DEMO_PASSWORD = 'Matchwerk-Demo-2026';

export interface DemoAccount {
  email: string;
  name: string;
  type: UserType;
  regions?: Region[];
  /** Key of the organisation in DEMO_ORGANIZATIONS (ORGANIZATION users). */
  organization?: string;
  emailVerified?: boolean;
  legalSigned?: boolean;
  note: string;
}

type DemoOrganization = Omit<NewOrganizationRow, 'id'> & { region: Region };

export const DEMO_ORGANIZATIONS: Record<string, DemoOrganization> = {
  sindelfingen: {
    name: 'Schwabenwerk Präzisionstechnik GmbH',
    region: 'SINDELFINGEN',
    member: true,
    employeeCount: 240,
    branch: 'Maschinenbau',
    about:
      'Familiengeführter Zulieferer für Präzisionsteile der Automobilindustrie. Wir bilden seit 1978 Industriemechanikerinnen und Zerspanungsmechaniker aus.',
    contactName: 'Sabine Keller',
    contactPhone: '07031 123450',
    contactMail: 'ausbildung@schwabenwerk.example',
    linkWebsite: 'https://schwabenwerk.example',
    linkDataProtection: 'https://schwabenwerk.example/datenschutz',
    linkLinkedin: 'https://www.linkedin.com/company/schwabenwerk-example',
    linkInstagram: 'https://www.instagram.com/schwabenwerk.example',
  },
  lichtenfels: {
    name: 'Korbmacherei Obermain e. K.',
    region: 'LICHTENFELS',
    member: false,
    employeeCount: 18,
    branch: 'Handwerk',
    about:
      'Traditionelle Flechtwerkstatt in der Korbstadt Lichtenfels. Wir suchen Auszubildende zum Flechtwerkgestalter (m/w/d).',
    contactName: 'Thomas Hofmann',
    contactPhone: '09571 98760',
    // Shown on the public posting pages (issue #13).
    contactPhonePublic: true,
    contactMail: 'info@korbmacherei-obermain.example',
    linkWebsite: 'https://korbmacherei-obermain.example',
    linkDataProtection: 'https://korbmacherei-obermain.example/datenschutz',
  },
  horb: {
    name: 'Neckartal Holzbau GmbH & Co. KG',
    region: 'HORB',
    member: true,
    employeeCount: 65,
    branch: 'Bauwesen',
    about:
      'Zimmerei und Holzrahmenbau aus Horb am Neckar. Ausbildung zur Zimmerin/zum Zimmerer und duales Studium Holztechnik.',
    contactName: 'Markus Weber',
    contactPhone: '07451 55320',
    contactMail: 'karriere@neckartal-holzbau.example',
    linkWebsite: 'https://neckartal-holzbau.example',
    linkXing: 'https://www.xing.com/pages/neckartal-holzbau-example',
  },
  anhalt: {
    name: 'Chemiepark Bitterfeld Service AG',
    region: 'ANHALT_BITTERFELD',
    member: true,
    employeeCount: 410,
    branch: 'Chemie',
    about:
      'Standortdienstleister im Chemiepark Bitterfeld-Wolfen. Jedes Jahr 30 Ausbildungsplätze: Chemikant, Elektroniker, Industriekauffrau.',
    contactName: 'Andrea Schulze',
    contactPhone: '03493 70100',
    contactMail: 'ausbildung@chemiepark-service.example',
    linkWebsite: 'https://chemiepark-service.example',
    linkFacebook: 'https://www.facebook.com/chemiepark.service.example',
  },
  oehringen: {
    name: 'Hohenloher Landbäckerei Brenner',
    region: 'OEHRINGEN',
    member: false,
    employeeCount: 52,
    branch: 'Lebensmittelhandwerk',
    about:
      'Bäckerei mit neun Filialen im Hohenlohekreis. Ausbildung zur Bäckerin/zum Bäcker und zur Fachverkäuferin im Lebensmittelhandwerk.',
    contactName: 'Jürgen Brenner',
    contactPhone: '07941 64020',
    contactMail: 'bewerbung@baeckerei-brenner.example',
    linkWebsite: 'https://baeckerei-brenner.example',
    linkInstagram: 'https://www.instagram.com/baeckerei.brenner.example',
  },
  boeblingen: {
    name: 'Pflegedienst Sonnenhalde gGmbH',
    region: 'SINDELFINGEN',
    member: true,
    employeeCount: 120,
    branch: 'Gesundheit und Pflege',
    about:
      'Ambulante und stationäre Pflege in Böblingen. Ausbildung zur Pflegefachfrau/zum Pflegefachmann, FSJ und Praktika.',
    contactName: 'Miriam Yilmaz',
    contactPhone: '07031 45670',
    contactMail: 'jobs@sonnenhalde-pflege.example',
    linkWebsite: 'https://sonnenhalde-pflege.example',
  },
  soest: {
    name: 'Börde Agrartechnik GmbH',
    region: 'SOEST',
    member: false,
    employeeCount: 85,
    branch: 'Landtechnik',
    about:
      'Vertrieb und Werkstatt für Landmaschinen in der Soester Börde. Ausbildung Land- und Baumaschinenmechatronik.',
    contactName: 'Henrik Vogt',
    contactPhone: '02921 34560',
    contactMail: 'ausbildung@boerde-agrartechnik.example',
    linkWebsite: 'https://boerde-agrartechnik.example',
  },
  lichtenfelsNeu: {
    name: 'Main-Auen Steuerberatung',
    region: 'LICHTENFELS',
    member: false,
    employeeCount: 14,
    branch: 'Dienstleistungen',
    about: 'Steuerkanzlei in Bad Staffelstein. Ausbildung zur/zum Steuerfachangestellten.',
    contactName: 'Petra Lang',
    contactPhone: '09573 22110',
    contactMail: 'kanzlei@main-auen-steuer.example',
  },
  unverified: {
    name: 'Monheimer Medienwerkstatt UG',
    region: 'MONHEIM_AM_RHEIN',
    member: false,
    employeeCount: 9,
    branch: 'Medien',
    about: 'Kleine Agentur für Film und Social Media. Praktika und Ausbildung Mediengestaltung.',
    contactName: 'Lea Becker',
    contactMail: 'hallo@medienwerkstatt-monheim.example',
  },
};

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@matchwerk.example', name: 'Anna Admin', type: 'ADMIN', note: 'Administratorin' },
  {
    email: 'partner@matchwerk.example',
    name: 'Paul Partner',
    type: 'REGIONAL_PARTNER',
    regions: ['SINDELFINGEN'],
    note: 'Regionalpartner Sindelfingen',
  },
  {
    email: 'partner.lichtenfels@matchwerk.example',
    name: 'Lena Lichtenfels',
    type: 'REGIONAL_PARTNER',
    regions: ['LICHTENFELS', 'HORB'],
    note: 'Regionalpartnerin Lichtenfels + Horb',
  },
  { email: 'statistik@matchwerk.example', name: 'Stefan Statistik', type: 'STATISTICS', note: 'Statistik' },
  {
    email: 'firma@matchwerk.example',
    name: 'Sabine Keller',
    type: 'ORGANIZATION',
    organization: 'sindelfingen',
    note: 'Unternehmen (Sindelfingen)',
  },
  {
    email: 'firma.lichtenfels@matchwerk.example',
    name: 'Thomas Hofmann',
    type: 'ORGANIZATION',
    organization: 'lichtenfels',
    note: 'Unternehmen (Lichtenfels)',
  },
  {
    email: 'bewerberin@matchwerk.example',
    name: 'Berit Bewerberin',
    type: 'APPLICANT',
    note: 'Bewerberin, 17 (wird abgewiesen; für die Bewerber-App)',
  },
  {
    email: 'bewerber15@matchwerk.example',
    name: 'Finn Hartmann',
    type: 'APPLICANT',
    note: 'Bewerber, 15, Eltern haben zugestimmt (Bewerber-App)',
  },
  {
    email: 'bewerberin14@matchwerk.example',
    name: 'Emma Schneider',
    type: 'APPLICANT',
    note: 'Bewerberin, 14, Zustimmung der Eltern fehlt noch (Bewerber-App)',
  },
  {
    email: 'unbestaetigt@matchwerk.example',
    name: 'Lea Becker',
    type: 'ORGANIZATION',
    organization: 'unverified',
    emailVerified: false,
    note: 'E-Mail nicht bestätigt',
  },
  {
    email: 'neu@matchwerk.example',
    name: 'Petra Lang',
    type: 'ORGANIZATION',
    organization: 'lichtenfelsNeu',
    legalSigned: false,
    note: 'Rechtliches nicht bestätigt',
  },
];

/** True when the database has no users yet (seeding is then safe). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ count: sql<number>`count(*)::int` }).from(authUsers);
  return (rows[0]?.count ?? 0) === 0;
}

/** Seeds the demo data; returns false (and does nothing) when users exist already. */
export interface SeedOptions {
  passwordHash?: string;
  now?: Date;
  /** Where the generated logos and posting photos go; without it the demo has no images. */
  blobStorage?: BlobStorage;
}

/** Organisation key → generated logo; posting photos per organisation key, in DEMO_VACANCIES order. */
interface DemoFiles {
  logos: Map<string, StoredFile>;
  photos: Map<string, StoredFile[][]>;
  all: StoredFile[];
}

/** Renders the demo images first (≈ 0.3 s), so the transaction stays short. */
async function renderDemoFiles(storage: BlobStorage | undefined): Promise<DemoFiles> {
  const files: DemoFiles = { logos: new Map(), photos: new Map(), all: [] };
  if (!storage) return files;
  let seed = 0;
  for (const [key, organization] of Object.entries(DEMO_ORGANIZATIONS)) {
    const logo = await renderDemoLogo(organization.name, seed++, storage);
    files.logos.set(key, logo);
    files.all.push(logo);
    const perVacancy: StoredFile[][] = [];
    for (const vacancy of DEMO_VACANCIES[key] ?? []) {
      const rendered: StoredFile[] = [];
      for (let index = 0; index < vacancy.photos; index++) rendered.push(await renderDemoPhoto(seed++, storage));
      files.all.push(...rendered);
      perVacancy.push(rendered);
    }
    files.photos.set(key, perVacancy);
  }
  return files;
}

export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  const now = options.now ?? new Date();
  // Hash once (scrypt ≈ 100 ms) and reuse it for every demo account.
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const files = await renderDemoFiles(options.blobStorage);
  try {
    await insertDemoData(db, passwordHash, now, files);
  } catch (error) {
    await options.blobStorage?.delete(files.all.map((file) => file.storageKey));
    // Another process seeded at the same moment (unique e-mail): that is fine.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  // Candidates, matchings and chats (issue 4): only on this first seed.
  await seedMarketplaceDemo(db, { passwordHash, now, blobStorage: options.blobStorage });
  // A season of candidates, views, matchings and chats for the statistics (issue #11).
  await seedDemoActivity(db, { passwordHash, now });
  // Internal notes on firma@'s matchings (issue 14).
  await seedFollowUpDemo(db, { now });
  return true;
}

/** True when the demo accounts exist (to print them at start). */
export async function hasDemoAccounts(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(eq(authUsers.email, DEMO_ACCOUNTS[0]!.email))
    .limit(1);
  return rows.length > 0;
}

async function insertDemoData(db: Database, passwordHash: string, now: Date, files: DemoFiles): Promise<void> {
  const geocoder = createOfflineGeocoder();
  await db.transaction(async (tx) => {
    const orgIds = new Map<string, string>();
    for (const [key, organization] of Object.entries(DEMO_ORGANIZATIONS)) {
      // Released (approval queue, issue #10): only the administration demo has one waiting sign-up.
      const [row] = await tx
        .insert(organizations)
        .values({ ...organization, approvedAt: now })
        .returning({ id: organizations.id });
      if (!row) continue;
      orgIds.set(key, row.id);
      const logo = files.logos.get(key);
      if (logo) {
        const [photo] = await tx
          .insert(photos)
          .values({ ownerKind: 'organization', organizationId: row.id, ...logo })
          .returning({ id: photos.id });
        await tx.update(organizations).set({ logoPhotoId: photo!.id }).where(eq(organizations.id, row.id));
      }
      for (const [index, demo] of (DEMO_VACANCIES[key] ?? []).entries()) {
        // Demo texts are written for every type; each type keeps only the fields it asks for (ADR 0042).
        const parsed = vacancyInputSchema.parse(demo.input);
        const input = withoutFieldsNotUsed(parsed.type, parsed);
        const values = toVacancyValues(input, await geocoder.geocode(input.location));
        // Spread over the last weeks so "zuletzt geändert" sorts differently from the title.
        const at = new Date(now.getTime() - (index + 1) * 36 * 60 * 60 * 1000);
        const [vacancy] = await tx
          .insert(vacancies)
          .values({ ...values, organizationId: row.id, active: demo.active, createdAt: at, updatedAt: at })
          .returning({ id: vacancies.id });
        const vacancyPhotos = files.photos.get(key)?.[index] ?? [];
        if (vacancy && vacancyPhotos.length > 0) {
          await tx.insert(photos).values(
            vacancyPhotos.map((file, position) => ({
              ownerKind: 'vacancy' as const,
              organizationId: row.id,
              vacancyId: vacancy.id,
              position,
              ...file,
            })),
          );
        }
      }
    }
    for (const account of DEMO_ACCOUNTS) {
      const id = crypto.randomUUID();
      await tx
        .insert(authUsers)
        .values({ id, name: account.name, email: account.email, emailVerified: account.emailVerified ?? true });
      await tx.insert(authAccounts).values({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
      });
      const signed = account.legalSigned === false ? null : now;
      await tx.insert(users).values({
        id,
        type: account.type,
        regions: account.regions ?? [],
        organizationId: account.organization ? (orgIds.get(account.organization) ?? null) : null,
        privacyStatementSignedAt: signed,
        termsAndConditionsSignedAt: signed,
      });
      if (signed) await tx.insert(legalAcceptances).values(legalAcceptanceRows(id, signed));
    }
    // About fifty more organisations for the administration lists (issue #10).
    await seedAdministrationDemo(tx, { passwordHash, now });
    // Products and orders of 2026 with invoice numbers (issue #11).
    await seedOrdersDemo(tx, { now });
  });
}
