import { z } from 'zod';
import { LIST_PAGE_SIZE } from '../constants';
import { regionSchema } from './enums.schema';
import { idSchema, safeString } from './fields';

/*
 * Safeguarding (issue 46 item 6, ADR 0101): a candidate reports a posting, a company or a chat;
 * regional partners (their regions) and administrators (all) work the reports through on the
 * web app's "Meldungen" screen. A candidate can end contact with a company (the chat closes for
 * both sides, no new matchings). The employer never learns who reported what.
 */

export const REPORT_SUBJECTS = ['VACANCY', 'ORGANIZATION', 'CHAT'] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];
export const REPORT_SUBJECT_LABELS: Record<ReportSubject, string> = {
  VACANCY: 'Stellenanzeige',
  ORGANIZATION: 'Unternehmen',
  CHAT: 'Chat',
};

export const REPORT_REASONS = [
  'HARASSMENT',
  'INAPPROPRIATE_CONTENT',
  'PERSONAL_DATA',
  'DISCRIMINATION',
  'FAKE',
  'ILLEGAL_WORK',
  'OTHER',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** What the candidate picks (plain words) and what partners read. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  HARASSMENT: 'Belästigung oder Druck',
  INAPPROPRIATE_CONTENT: 'Unangemessene Inhalte',
  PERSONAL_DATA: 'Fragt nach privaten Daten oder Treffen',
  DISCRIMINATION: 'Diskriminierung',
  FAKE: 'Fake oder Betrug',
  ILLEGAL_WORK: 'Verstößt gegen den Jugendarbeitsschutz',
  OTHER: 'Etwas anderes',
};

export const REPORT_STATUSES = ['OPEN', 'IN_PROGRESS', 'DONE'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  OPEN: 'offen',
  IN_PROGRESS: 'in Bearbeitung',
  DONE: 'erledigt',
};

export const REPORT_TEXT_MAX_LENGTH = 1000;
export const REPORT_NOTE_MAX_LENGTH = 1000;
/** Reports per candidate and day (ADR 0101): enough for real concerns, too few for a flood. */
export const REPORTS_PER_DAY = 10;

export const reportSubjectSchema = z.enum(REPORT_SUBJECTS, { error: 'Bitte wähle, was du melden möchtest.' });
export const reportReasonSchema = z.enum(REPORT_REASONS, { error: 'Bitte wähle einen Grund.' });
export const reportStatusSchema = z.enum(REPORT_STATUSES, { error: 'Unbekannter Status.' });

/**
 * POST /rest/applicant/reports. `targetId`: the posting's id (VACANCY) or the company's id
 * (ORGANIZATION, CHAT). The text is optional, at most 1000 characters.
 */
export const createReportRequestSchema = z
  .object({
    subject: reportSubjectSchema,
    targetId: z.uuid({ error: 'Bitte gib an, was du meldest.' }),
    reason: reportReasonSchema,
    text: safeString({ error: 'Der Text muss ein Text sein.' })
      .trim()
      .max(REPORT_TEXT_MAX_LENGTH, `Dein Text darf höchstens ${REPORT_TEXT_MAX_LENGTH} Zeichen lang sein.`)
      .default(''),
  })
  .strict();
export type CreateReportRequest = z.input<typeof createReportRequestSchema>;

export const reportCreatedSchema = z.object({
  id: idSchema,
  status: reportStatusSchema,
  /** Plain words for the candidate: what happens now. */
  message: z.string(),
});
export type ReportCreated = z.infer<typeof reportCreatedSchema>;

/** One report as partners and administrators see it. */
export const reportItemSchema = z.object({
  id: idSchema,
  subject: reportSubjectSchema,
  reason: reportReasonSchema,
  text: z.string(),
  status: reportStatusSchema,
  /** The last status change's note (null: none). */
  statusNote: z.string().nullable(),
  region: regionSchema,
  organization: z.object({ id: idSchema, name: z.string() }).nullable(),
  /** The reported posting (title kept when it was deleted: id null). */
  vacancy: z.object({ id: idSchema.nullable(), title: z.string() }).nullable(),
  /** The reporting candidate; null once their account was deleted. Never shown to the employer. */
  reporter: z.object({ id: idSchema, name: z.string() }).nullable(),
  /** Whether the candidate has ended contact with the company. */
  contactEnded: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ReportItem = z.infer<typeof reportItemSchema>;

/** GET /rest/reports?status=&search=&page=&pageSize= — newest first; partners: their regions only. */
export const reportListQuerySchema = z
  .object({
    status: reportStatusSchema.optional(),
    /** Part of the company's name, the posting's title or the text, case-insensitive; blank = none. */
    search: safeString().trim().max(100, 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.').optional(),
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
  })
  .strict();
export type ReportListQuery = z.input<typeof reportListQuerySchema>;

export const reportPageSchema = z.object({
  items: z.array(reportItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportPage = z.infer<typeof reportPageSchema>;

export const reportParamsSchema = z.object({ id: z.uuid({ error: 'Unbekannte Meldung.' }) }).strict();

/** PUT /rest/reports/{id}/status — with an optional note (kept on the report and in the audit log). */
export const reportStatusUpdateSchema = z
  .object({
    status: reportStatusSchema,
    note: safeString({ error: 'Die Notiz muss ein Text sein.' })
      .trim()
      .max(REPORT_NOTE_MAX_LENGTH, `Die Notiz darf höchstens ${REPORT_NOTE_MAX_LENGTH} Zeichen lang sein.`)
      .optional(),
  })
  .strict();
export type ReportStatusUpdate = z.input<typeof reportStatusUpdateSchema>;

/* ───────────── Ending contact ───────────── */

export const CONTACT_MESSAGES = {
  /** 409 when anyone writes into a closed chat. */
  chatClosed: 'Der Kontakt wurde beendet. In diesem Chat können keine Nachrichten mehr gesendet werden.',
  /** 409 when the candidate shows interest in a posting of a company they ended contact with. */
  interestRefused: 'Du hast den Kontakt zu diesem Unternehmen beendet. Du kannst dich dort nicht mehr melden.',
  reportReceived:
    'Danke, deine Meldung ist bei uns angekommen. Eine Ansprechperson aus deiner Region schaut sie sich an. Das Unternehmen erfährt nicht, dass du es gemeldet hast.',
} as const;

/** Answer of POST /rest/applicant/chats/{organizationId}/end. */
export const contactEndedSchema = z.object({
  organizationId: idSchema,
  endedAt: z.iso.datetime({ offset: true }),
});
export type ContactEnded = z.infer<typeof contactEndedSchema>;

/**
 * System messages, stored in the organisation's words and shown to each reader in theirs
 * (ADR 0101): the candidate is addressed "du", the company "Sie".
 */
export const SYSTEM_MESSAGE_TEXTS = {
  chatOpened: {
    ORGANIZATION: 'Sie haben die Anfrage angenommen. Der Chat ist eröffnet.',
    APPLICANT: 'Das Unternehmen hat deine Anfrage angenommen. Ihr könnt jetzt schreiben.',
  },
  contactEnded: {
    ORGANIZATION: 'Der Kontakt wurde beendet. In diesem Chat können keine Nachrichten mehr gesendet werden.',
    APPLICANT: 'Du hast den Kontakt beendet. Das Unternehmen kann dir nicht mehr schreiben.',
  },
} as const satisfies Record<string, { ORGANIZATION: string; APPLICANT: string }>;

/** A stored system message as `reader` reads it (unknown texts unchanged). */
export function systemMessageFor(text: string, reader: 'ORGANIZATION' | 'APPLICANT'): string {
  for (const texts of Object.values(SYSTEM_MESSAGE_TEXTS)) if (texts.ORGANIZATION === text) return texts[reader];
  return text;
}
