/**
 * What an organisation's data export holds (GDPR Art. 15/20, issue #14): one section per table,
 * each read page by page (keyset on the id, EXPORT_PAGE_SIZE rows) so the export never holds a
 * table in memory. A section names its JSON key (English, machine-readable), its CSV file and
 * German CSV columns. A new table joins by adding a section to the list passed to the export
 * service — nothing else changes.
 */
import type { CsvColumn } from '@matchwerk/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

export const EXPORT_PAGE_SIZE = 1000;

export type ExportRow = Record<string, string | number | boolean | null | string[] | number[]>;

export interface ExportSection {
  /** Key in the JSON file, e.g. `postings`. */
  key: string;
  /** CSV file name inside the ZIP, e.g. `stellenanzeigen.csv`. */
  csvFile: string;
  columns: readonly CsvColumn<ExportRow>[];
  /** The organisation's rows after `afterId` (null: from the start), ordered by `id`, at most `limit`. */
  page(db: Database, organizationId: string, afterId: string | null, limit: number): Promise<ExportRow[]>;
}

async function rows(db: Database, query: SQL): Promise<ExportRow[]> {
  // Both drivers (node-postgres, PGlite) answer raw SQL with `{ rows }`; the shared handle type cannot say so.
  const result: unknown = await db.execute(query);
  return (result as { rows: ExportRow[] }).rows;
}

const after = (column: SQL, afterId: string | null): SQL =>
  afterId === null ? sql`true` : sql`${column} > ${afterId}`;
const iso = (column: string): SQL => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const text = (key: string) => (row: ExportRow) => {
  const value = row[key];
  return Array.isArray(value) ? value.join(', ') : (value as string | number | boolean | null);
};
const money = (key: string) => (row: ExportRow) =>
  row[key] === null || row[key] === undefined ? null : Number(row[key]) / 100;

/** A section over one query: `select … where <organisation> and <after> order by id limit`. */
function section(
  spec: Omit<ExportSection, 'page'> & {
    query: (organizationId: string, afterFilter: (column: SQL) => SQL, limit: number) => SQL;
  },
): ExportSection {
  return {
    key: spec.key,
    csvFile: spec.csvFile,
    columns: spec.columns,
    page: (db, organizationId, afterId, limit) =>
      rows(
        db,
        spec.query(organizationId, (column) => after(column, afterId), limit),
      ),
  };
}

export const organizationSection = section({
  key: 'organization',
  csvFile: 'unternehmen.csv',
  columns: [
    { header: 'ID', value: text('id') },
    { header: 'Name', value: text('name') },
    { header: 'Region', value: text('region') },
    { header: 'Aktiv', value: text('active') },
    { header: 'Mitglied', value: text('member') },
    { header: 'Mitarbeitende', value: text('employeeCount') },
    { header: 'Branche', value: text('branch') },
    { header: 'Über uns', value: text('about') },
    { header: 'Ansprechperson', value: text('contactName') },
    { header: 'Telefon', value: text('contactPhone') },
    { header: 'Kontakt-E-Mail', value: text('contactMail') },
    { header: 'Ort', value: text('city') },
    { header: 'Datenschutz-Link', value: text('linkDataProtection') },
    { header: 'Website', value: text('linkWebsite') },
    { header: 'Freigeschaltet am', value: text('approvedAt') },
    { header: 'Angelegt am', value: text('createdAt') },
    { header: 'Geändert am', value: text('updatedAt') },
  ],
  query: (organizationId, afterFilter, limit) => sql`
    select o.id, o.name, o.region, o.active, o.member, o.employee_count as "employeeCount", o.branch, o.about,
      o.contact_name as "contactName", o.contact_phone as "contactPhone", o.contact_mail as "contactMail", o.city,
      o.link_data_protection as "linkDataProtection", o.link_website as "linkWebsite", o.link_linkedin as "linkLinkedin",
      o.link_xing as "linkXing", o.link_instagram as "linkInstagram", o.link_facebook as "linkFacebook",
      ${iso('o.approved_at')} as "approvedAt", ${iso('o.created_at')} as "createdAt", ${iso('o.updated_at')} as "updatedAt"
    from organizations o where o.id = ${organizationId} and ${afterFilter(sql`o.id`)} order by o.id limit ${limit}`,
});

export const postingsSection = section({
  key: 'postings',
  csvFile: 'stellenanzeigen.csv',
  columns: [
    { header: 'ID', value: text('id') },
    { header: 'Titel', value: text('title') },
    { header: 'Art', value: text('type') },
    { header: 'Aktiv', value: text('active') },
    { header: 'Ausbildungsberuf', value: text('trainingOccupationName') },
    { header: 'Dauer', value: text('duration') },
    { header: 'Beginn', value: text('start') },
    { header: 'Ausbildungsbeginn', value: text('startOfTraining') },
    { header: 'Beschreibung (HTML)', value: text('description') },
    { header: 'Was wir suchen (HTML)', value: text('whatWereLookingFor') },
    { header: 'Über uns (HTML)', value: text('about') },
    { header: 'Aufgaben (HTML)', value: text('taskDescription') },
    { header: 'Benefits', value: text('benefits') },
    { header: 'Weitere Benefits', value: text('additionalBenefits') },
    { header: 'Ansprechperson', value: text('contactName') },
    { header: 'Telefon', value: text('contactPhone') },
    { header: 'Gehaltsspanne', value: text('salaryRange') },
    { header: 'Vergütung je Ausbildungsjahr (EUR)', value: text('salaryPerTrainingYear') },
    { header: 'Weitere Vergütung', value: text('additionalCompensation') },
    { header: 'Land', value: text('country') },
    { header: 'PLZ', value: text('zipCode') },
    { header: 'Ort', value: text('city') },
    { header: 'Straße', value: text('street') },
    { header: 'Hausnummer', value: text('streetNumber') },
    { header: 'Angelegt am', value: text('createdAt') },
    { header: 'Geändert am', value: text('updatedAt') },
  ],
  query: (organizationId, afterFilter, limit) => sql`
    select v.id::text, v.title, v.type, v.active, v.training_occupation_name as "trainingOccupationName", v.duration,
      v.start::text as start, v.start_of_training::text as "startOfTraining", v.description,
      v.what_were_looking_for as "whatWereLookingFor", v.about, v.task_description as "taskDescription", v.benefits,
      v.additional_benefits as "additionalBenefits", v.contact_name as "contactName", v.contact_phone as "contactPhone",
      v.salary_range as "salaryRange", v.salary_per_training_year::text[] as "salaryPerTrainingYear",
      v.additional_compensation as "additionalCompensation", v.country, v.zip_code as "zipCode", v.city, v.street,
      v.street_number as "streetNumber", v.lat, v.lng, ${iso('v.created_at')} as "createdAt", ${iso('v.updated_at')} as "updatedAt"
    from vacancies v where v.organization_id = ${organizationId} and ${afterFilter(sql`v.id::text`)}
    order by v.id::text limit ${limit}`,
});

export const matchingsSection = section({
  key: 'matchings',
  csvFile: 'matchings.csv',
  columns: [
    { header: 'ID', value: text('id') },
    { header: 'Stellenanzeige-ID', value: text('postingId') },
    { header: 'Stellenanzeige', value: text('postingTitle') },
    { header: 'Bewerber-ID', value: text('candidateId') },
    { header: 'Vornamen', value: text('candidateNames') },
    { header: 'Nachnamen', value: text('candidateFamilyNames') },
    { header: 'Status', value: text('state') },
    { header: 'Interesse am', value: text('createdAt') },
    { header: 'Entschieden am', value: text('decidedAt') },
  ],
  query: (organizationId, afterFilter, limit) => sql`
    select m.id::text, v.id::text as "postingId", v.title as "postingTitle", m.applicant_id as "candidateId",
      coalesce(p.names, '{}') as "candidateNames", coalesce(p.family_names, '{}') as "candidateFamilyNames", m.state,
      ${iso('m.created_at')} as "createdAt", ${iso('m.decided_at')} as "decidedAt"
    from matchings m join vacancies v on v.id = m.vacancy_id left join applicant_profiles p on p.user_id = m.applicant_id
    where v.organization_id = ${organizationId} and ${afterFilter(sql`m.id::text`)}
    order by m.id::text limit ${limit}`,
});

export const messagesSection = section({
  key: 'messages',
  csvFile: 'nachrichten.csv',
  columns: [
    { header: 'ID', value: text('id') },
    { header: 'Chat-ID', value: text('chatId') },
    { header: 'Bewerber-ID', value: text('candidateId') },
    { header: 'Nr. im Chat', value: text('seq') },
    { header: 'Absender', value: text('sender') },
    { header: 'Absender-Nutzer-ID', value: text('senderUserId') },
    { header: 'Text', value: text('text') },
    { header: 'Gesendet am', value: text('createdAt') },
  ],
  query: (organizationId, afterFilter, limit) => sql`
    select msg.id::text, c.id::text as "chatId", c.applicant_id as "candidateId", msg.seq, msg.sender,
      msg.sender_user_id as "senderUserId", msg.text, ${iso('msg.created_at')} as "createdAt"
    from chats c join messages msg on msg.chat_id = c.id
    where c.organization_id = ${organizationId} and ${afterFilter(sql`msg.id::text`)}
    order by msg.id::text limit ${limit}`,
});

/** The organisation's internal notes on candidates (ADR 0041): its own data, so part of its export. */
export const candidateNotesSection = section({
  key: 'candidateNotes',
  csvFile: 'notizen.csv',
  columns: [
    { header: 'ID', value: text('id') },
    { header: 'Matching-ID', value: text('matchingId') },
    { header: 'Stellenanzeige-ID', value: text('postingId') },
    { header: 'Bewerber-ID', value: text('candidateId') },
    { header: 'Verfasser-Nutzer-ID', value: text('authorUserId') },
    { header: 'Text', value: text('text') },
    { header: 'Angelegt am', value: text('createdAt') },
    { header: 'Geändert am', value: text('updatedAt') },
  ],
  query: (organizationId, afterFilter, limit) => sql`
    select n.id::text, m.id::text as "matchingId", v.id::text as "postingId", m.applicant_id as "candidateId",
      n.author_user_id as "authorUserId", n.text, ${iso('n.created_at')} as "createdAt", ${iso('n.updated_at')} as "updatedAt"
    from matching_notes n join matchings m on m.id = n.matching_id join vacancies v on v.id = m.vacancy_id
    where v.organization_id = ${organizationId} and ${afterFilter(sql`n.id::text`)}
    order by n.id::text limit ${limit}`,
});

export const teamSection = section({
  key: 'team',
  csvFile: 'team.csv',
  columns: [
    { header: 'ID', value: text('id') },
    { header: 'Name', value: text('name') },
    { header: 'E-Mail', value: text('email') },
    { header: 'E-Mail bestätigt', value: text('emailVerified') },
    { header: 'Benachrichtigung per E-Mail', value: text('notifyViaMail') },
    { header: 'Benachrichtigungsintervall', value: text('notificationInterval') },
    { header: 'Deaktiviert am', value: text('disabledAt') },
    { header: 'Letzte Anmeldung', value: text('lastSignInAt') },
    { header: 'Angelegt am', value: text('createdAt') },
  ],
  query: (organizationId, afterFilter, limit) => sql`
    select u.id, a.name, a.email, a.email_verified as "emailVerified", u.notify_via_mail as "notifyViaMail",
      u.notification_interval as "notificationInterval", ${iso('u.disabled_at')} as "disabledAt",
      ${iso('u.last_sign_in_at')} as "lastSignInAt", ${iso('u.created_at')} as "createdAt"
    from users u join auth_users a on a.id = u.id
    where u.organization_id = ${organizationId} and u.type = 'ORGANIZATION' and ${afterFilter(sql`u.id`)}
    order by u.id limit ${limit}`,
});

export const ordersSection = section({
  key: 'orders',
  csvFile: 'bestellungen.csv',
  columns: [
    { header: 'ID', value: text('id') },
    { header: 'Rechnungsnr.', value: text('invoiceNumber') },
    { header: 'Produkt', value: text('productName') },
    { header: 'Menge', value: text('quantity') },
    { header: 'Laufzeit (Monate)', value: text('durationMonths') },
    { header: 'Anzeigen je Paket', value: text('postingsCount') },
    { header: 'Beginn', value: text('periodStart') },
    { header: 'Ende', value: text('periodEnd') },
    { header: 'Netto (EUR)', value: money('netCents') },
    { header: 'USt. (%)', value: text('vatRatePercent') },
    { header: 'USt. (EUR)', value: money('vatCents') },
    { header: 'Brutto (EUR)', value: money('grossCents') },
    { header: 'Status', value: text('status') },
    { header: 'Notiz', value: text('notes') },
    { header: 'Angelegt am', value: text('createdAt') },
    { header: 'Bezahlt am', value: text('paidAt') },
    { header: 'Storniert am', value: text('cancelledAt') },
  ],
  query: (organizationId, afterFilter, limit) => sql`
    select o.id::text, o.invoice_number as "invoiceNumber", o.product_name as "productName", o.quantity,
      o.duration_months as "durationMonths", o.postings_count as "postingsCount", o.period_start::text as "periodStart",
      o.period_end::text as "periodEnd", o.unit_price_net_cents as "unitPriceNetCents", o.net_cents as "netCents",
      o.vat_rate_percent as "vatRatePercent", o.vat_cents as "vatCents", o.gross_cents as "grossCents", o.status, o.notes,
      ${iso('o.created_at')} as "createdAt", ${iso('o.paid_at')} as "paidAt", ${iso('o.cancelled_at')} as "cancelledAt"
    from orders o where o.organization_id = ${organizationId} and ${afterFilter(sql`o.id::text`)}
    order by o.id::text limit ${limit}`,
});

/** The sections of every export, in this order. Add a section here (or pass a longer list) for a new table. */
export const DEFAULT_EXPORT_SECTIONS: readonly ExportSection[] = [
  organizationSection,
  teamSection,
  postingsSection,
  matchingsSection,
  candidateNotesSection,
  messagesSection,
  ordersSection,
];
