/**
 * A candidate's own data export (GDPR Art. 15 and 20; issue 46 item 9, ADR 0102): a ZIP with
 * `meine-daten.json` (account, settings, profile, legal acceptances, matchings with the own
 * interest note and the company's answer, chats with every message, and the rows of every other
 * table that holds data of this candidate), the profile photos as files and a LIESMICH.txt in
 * "du". Only the candidate themself, rate-limited like the organisation export.
 *
 * "Every other table" is found in the database catalogue (columns `applicant_id` / `user_id`
 * referring to the user, and `reporter_id` of the candidate's own reports), so a table added later
 * is in the export without a change here; secrets (password hashes, session and confirmation
 * tokens, device keys) are left out by table and column.
 */
import {
  CANDIDATE_LEGAL_DOCUMENTS,
  LEGAL_DOCUMENT_LABELS,
  CANDIDATE_LEGAL_DOCUMENT_LABELS,
  systemMessageFor,
} from '@matchwerk/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { requireActor, type SessionActor } from '../../access/actor';
import type { Database } from '../../db/client';
import {
  applicantPhotos,
  applicantProfiles,
  authUsers,
  chats,
  legalAcceptances,
  matchings,
  messages,
  organizations,
  users,
  vacancies,
} from '../../db/schema/index';
import { AppError } from '../../errors/app-error';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import type { ImagesService } from '../images';
import { EXPORT_RATE_LIMIT } from './export.service';

export const CANDIDATE_EXPORT_FORMAT = 'matchwerk-bewerber-export/1';

export const CANDIDATE_EXPORT_MESSAGES = {
  rateLimited: 'Du hast in kurzer Zeit mehrere Exporte angefordert. Bitte versuch es in einer Stunde noch einmal.',
} as const;

/** Tables read in their own sections above, or holding only secrets and sign-in machinery. */
const NOT_IN_OTHER_DATA = new Set([
  'users',
  'applicant_profiles',
  'applicant_photos',
  'matchings',
  'chats',
  'legal_acceptances',
  'auth_users',
  'auth_sessions',
  'auth_accounts',
  'auth_verifications',
  'mail_outbox',
]);
/** Columns never exported: secrets that would let someone act as the candidate or their device. */
const SECRET_COLUMN = /(password|token|secret|hash|p256dh|^auth$|^keys$|private|endpoint)/i;

export interface CandidateExportDeps {
  db: Database;
  images: Pick<ImagesService, 'locate'>;
  rateLimitStore: RateLimitStore;
  clock: () => Date;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** Rows of a raw query (both drivers answer with `{ rows }`; the shared handle type cannot say so). */
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Every other table with a column naming this user, minus secrets: `{ table: rows }`, tables with rows only. */
async function otherData(db: Database, userId: string): Promise<Record<string, Record<string, unknown>[]>> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_name in ('applicant_id', 'user_id', 'reporter_id') and data_type = 'text'
        order by table_name, column_name`,
  );
  const result: Record<string, Record<string, unknown>[]> = {};
  for (const { table_name: table, column_name: column } of columns) {
    if (NOT_IN_OTHER_DATA.has(table)) continue;
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
    );
    if (rows.length === 0) continue;
    result[table] = [
      ...(result[table] ?? []),
      ...rows.map((row) =>
        Object.fromEntries(
          Object.entries(row)
            .filter(([key]) => !SECRET_COLUMN.test(key))
            .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
        ),
      ),
    ];
  }
  return result;
}

function readme(exportedAt: Date, photoFiles: string[]): string {
  return [
    'Matchwerk – alle deine Daten (Art. 15 und 20 DSGVO)',
    `Erstellt am ${exportedAt.toISOString()} (UTC)`,
    '',
    'meine-daten.json: alles, was Matchwerk über dich gespeichert hat, maschinenlesbar (UTF-8, Zeiten in UTC):',
    '- konto: E-Mail-Adresse, Name, wann du dich angemeldet hast, deine Einstellungen',
    '- profil: dein Profil, wie du es eingetragen hast',
    '- zustimmungen: welchen Fassungen von Datenschutz und Nutzungsbedingungen du wann zugestimmt hast',
    '- anfragen: deine Anfragen an Betriebe mit deiner Nachricht und der Antwort',
    '- chats: alle Nachrichten deiner Chats',
    '- weitereDaten: was sonst noch zu deinem Konto gespeichert ist (zum Beispiel Einstellungen und Meldungen)',
    '',
    'Nicht dabei sind dein Passwort und Anmelde-Schlüssel: Die speichern wir nur verschlüsselt, und niemand soll damit dein Konto benutzen können.',
    photoFiles.length > 0 ? `Deine Fotos: ${photoFiles.join(', ')}` : 'Fotos: keine',
    '',
  ].join('\r\n');
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** `matchwerk-meine-daten-<YYYY-MM-DD>.zip`: ASCII only, no name in a header. */
export function candidateExportFileName(at: Date): string {
  return `matchwerk-meine-daten-${at.toISOString().slice(0, 10)}.zip`;
}

export function createCandidateExportService(deps: CandidateExportDeps) {
  const { db } = deps;

  async function collect(userId: string) {
    const [account] = await db
      .select({
        email: authUsers.email,
        name: authUsers.name,
        emailVerified: authUsers.emailVerified,
        registeredAt: users.createdAt,
        lastSignInAt: users.lastSignInAt,
        notifyViaMail: users.notifyViaMail,
        notificationInterval: users.notificationInterval,
        privacyStatementSignedAt: users.privacyStatementSignedAt,
        termsAndConditionsSignedAt: users.termsAndConditionsSignedAt,
      })
      .from(users)
      .innerJoin(authUsers, eq(authUsers.id, users.id))
      .where(eq(users.id, userId));
    if (!account) throw new AppError('NOT_FOUND');
    const [profile] = await db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, userId));
    const photos = await db
      .select()
      .from(applicantPhotos)
      .where(eq(applicantPhotos.applicantId, userId))
      .orderBy(asc(applicantPhotos.position), asc(applicantPhotos.createdAt));
    const acceptances = await db
      .select()
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, userId))
      .orderBy(asc(legalAcceptances.acceptedAt));
    const ownMatchings = await db
      .select({
        vacancyId: matchings.vacancyId,
        postingTitle: vacancies.title,
        postingType: vacancies.type,
        company: organizations.name,
        state: matchings.state,
        note: matchings.note,
        createdAt: matchings.createdAt,
        decidedAt: matchings.decidedAt,
        declineMessage: matchings.declineMessage,
        declinedAutomatically: matchings.declinedAutomatically,
      })
      .from(matchings)
      .innerJoin(vacancies, eq(vacancies.id, matchings.vacancyId))
      .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
      .where(eq(matchings.applicantId, userId))
      .orderBy(asc(matchings.createdAt));
    const ownChats = await db
      .select({
        id: chats.id,
        company: organizations.name,
        organizationId: chats.organizationId,
        createdAt: chats.createdAt,
      })
      .from(chats)
      .innerJoin(organizations, eq(organizations.id, chats.organizationId))
      .where(eq(chats.applicantId, userId))
      .orderBy(asc(chats.createdAt));
    const chatMessages =
      ownChats.length === 0
        ? []
        : await db
            .select({
              chatId: messages.chatId,
              seq: messages.seq,
              sender: messages.sender,
              text: messages.text,
              createdAt: messages.createdAt,
            })
            .from(messages)
            .where(
              inArray(
                messages.chatId,
                ownChats.map((chat) => chat.id),
              ),
            )
            .orderBy(asc(messages.chatId), asc(messages.seq));
    return { account, profile, photos, acceptances, ownMatchings, ownChats, chatMessages };
  }

  return {
    /** The signed-in candidate's ZIP (also before accepting a newer version of the texts). */
    async exportOwnData(actor: SessionActor | null): Promise<{ fileName: string; stream: NodeJS.ReadableStream }> {
      const user = requireActor(actor, { legal: false, applicant: true });
      const decision = await deps.rateLimitStore.consume(`export:${user.userId}`, EXPORT_RATE_LIMIT);
      if (!decision.allowed) {
        throw new AppError('RATE_LIMITED', {
          message: CANDIDATE_EXPORT_MESSAGES.rateLimited,
          headers: { 'retry-after': String(decision.retryAfter ?? EXPORT_RATE_LIMIT.window) },
        });
      }
      const exportedAt = deps.clock();
      const data = await collect(user.userId);
      const photoFiles = data.photos.map(
        (photo, index) => `fotos/foto-${index + 1}.${EXTENSIONS[photo.mimeType] ?? 'bin'}`,
      );
      const photoBytes = await Promise.all(
        data.photos.map((photo) =>
          deps.images
            .locate(photo.storageKey, photo.mimeType)
            .load()
            .catch(() => null),
        ),
      );
      const labels: Record<string, string> = { ...LEGAL_DOCUMENT_LABELS, ...CANDIDATE_LEGAL_DOCUMENT_LABELS };
      const json = {
        format: CANDIDATE_EXPORT_FORMAT,
        exportedAt: exportedAt.toISOString(),
        konto: {
          id: user.userId,
          ...data.account,
          registeredAt: iso(data.account.registeredAt),
          lastSignInAt: iso(data.account.lastSignInAt),
          privacyStatementSignedAt: iso(data.account.privacyStatementSignedAt),
          termsAndConditionsSignedAt: iso(data.account.termsAndConditionsSignedAt),
        },
        profil: data.profile
          ? { ...data.profile, createdAt: iso(data.profile.createdAt), updatedAt: iso(data.profile.updatedAt) }
          : null,
        fotos: data.photos.map((photo, index) => ({
          file: photoBytes[index] ? photoFiles[index] : null,
          mimeType: photo.mimeType,
          width: photo.width,
          height: photo.height,
          uploadedAt: iso(photo.createdAt),
        })),
        zustimmungen: data.acceptances.map((row) => ({
          document: row.document,
          title: labels[row.document] ?? row.document,
          forCandidates: (CANDIDATE_LEGAL_DOCUMENTS as readonly string[]).includes(row.document),
          version: row.version,
          acceptedAt: iso(row.acceptedAt),
        })),
        anfragen: data.ownMatchings.map((row) => ({
          ...row,
          createdAt: iso(row.createdAt),
          decidedAt: iso(row.decidedAt),
        })),
        chats: data.ownChats.map((chat) => ({
          company: chat.company,
          organizationId: chat.organizationId,
          openedAt: iso(chat.createdAt),
          messages: data.chatMessages
            .filter((message) => message.chatId === chat.id)
            .map((message) => ({
              seq: message.seq,
              from: message.sender,
              // System messages are stored in the company's words; the candidate reads their own (ADR 0101).
              text: message.sender === 'SYSTEM' ? systemMessageFor(message.text, 'APPLICANT') : message.text,
              sentAt: iso(message.createdAt),
            })),
        })),
        weitereDaten: await otherData(db, user.userId),
      };

      const zip = new ZipFile();
      const mtime = exportedAt;
      zip.addBuffer(
        Buffer.from(
          readme(
            exportedAt,
            photoFiles.filter((_, index) => photoBytes[index]),
          ),
          'utf8',
        ),
        'LIESMICH.txt',
        { mtime },
      );
      zip.addBuffer(Buffer.from(JSON.stringify(json, null, 2), 'utf8'), 'meine-daten.json', { mtime });
      photoBytes.forEach((bytes, index) => {
        if (bytes) zip.addBuffer(bytes, photoFiles[index]!, { mtime, compress: false });
      });
      zip.end();
      zip.on('error', (error: Error) => {
        deps.log?.error({ err: error }, 'candidate export: ZIP failed');
      });
      return { fileName: candidateExportFileName(exportedAt), stream: zip.outputStream };
    },
  };
}

export type CandidateExportService = ReturnType<typeof createCandidateExportService>;
