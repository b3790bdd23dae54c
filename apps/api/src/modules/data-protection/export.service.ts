/**
 * An organisation's data export (GDPR Art. 15/20, issue #14, ADR 0046): a ZIP with
 * `matchwerk-export.json` (every section, complete, English keys) and one CSV per section (German
 * headers, `;`, UTF-8 with BOM, for Excel), plus a short LIESMICH.txt. Streamed: yazl reads each
 * entry's stream only when it gets to it, and every stream reads its table page by page.
 * Who may: users of the organisation itself and administrators (support, on request of the
 * organisation); regional partners not — the data belongs to the organisation, not the region.
 */
import { Readable } from 'node:stream';
import { csvField, type Region } from '@matchwerk/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { requireActor, type SessionActor } from '../../access/actor';
import { isUuid } from '../../access/ids';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import type { RateLimitRule, RateLimitStore } from '../../plugins/rate-limit-store';
import { recordAudit } from '../audit';
import { EXPORT_PAGE_SIZE, type ExportRow, type ExportSection } from './export-sections';

/** Per user: a few exports an hour (each reads every row of the organisation). */
export const EXPORT_RATE_LIMIT: RateLimitRule = { window: 3600, max: 5 };

export interface ExportServiceDeps {
  db: Database;
  sections: readonly ExportSection[];
  rateLimitStore: RateLimitStore;
  clock: () => Date;
  log?: Pick<FastifyBaseLogger, 'error'>;
  pageSize?: number;
}

const BOM = '\uFEFF';

async function* pages(
  deps: ExportServiceDeps,
  section: ExportSection,
  organizationId: string,
): AsyncGenerator<ExportRow[]> {
  const limit = deps.pageSize ?? EXPORT_PAGE_SIZE;
  let afterId: string | null = null;
  for (;;) {
    const page = await section.page(deps.db, organizationId, afterId, limit);
    if (page.length > 0) yield page;
    if (page.length < limit) return;
    afterId = String(page[page.length - 1]!.id);
  }
}

async function* csvLines(
  deps: ExportServiceDeps,
  section: ExportSection,
  organizationId: string,
): AsyncGenerator<string> {
  yield `${BOM}${section.columns.map((column) => csvField(column.header)).join(';')}\r\n`;
  for await (const page of pages(deps, section, organizationId)) {
    yield page.map((row) => `${section.columns.map((column) => csvField(column.value(row))).join(';')}\r\n`).join('');
  }
}

async function* jsonChunks(deps: ExportServiceDeps, organizationId: string, exportedAt: Date): AsyncGenerator<string> {
  yield `{"format":"matchwerk-export/1","exportedAt":${JSON.stringify(exportedAt.toISOString())},"organizationId":${JSON.stringify(organizationId)},"tables":{`;
  let firstSection = true;
  for (const section of deps.sections) {
    yield `${firstSection ? '' : ','}${JSON.stringify(section.key)}:[`;
    firstSection = false;
    let firstRow = true;
    for await (const page of pages(deps, section, organizationId)) {
      yield page
        .map((row) => {
          const chunk = `${firstRow ? '' : ','}${JSON.stringify(row)}`;
          firstRow = false;
          return chunk;
        })
        .join('');
    }
    yield ']';
  }
  yield '}}';
}

function readme(sections: readonly ExportSection[], exportedAt: Date): string {
  return [
    'Matchwerk – Export aller Daten Ihres Unternehmens (Art. 15 und 20 DSGVO)',
    `Erstellt am ${exportedAt.toISOString()} (UTC)`,
    '',
    'matchwerk-export.json: alle Daten vollständig und maschinenlesbar (UTF-8, Zeiten in UTC).',
    'CSV-Dateien (für Excel: Semikolon als Trennzeichen, UTF-8):',
    ...sections.map((section) => `- ${section.csvFile}`),
    '',
  ].join('\r\n');
}

/** `matchwerk-export-<first 8 of the id>-<YYYY-MM-DD>.zip`: ASCII only, no name of the company in a header. */
export function exportFileName(organizationId: string, at: Date): string {
  return `matchwerk-export-${organizationId.slice(0, 8)}-${at.toISOString().slice(0, 10)}.zip`;
}

export function createExportService(deps: ExportServiceDeps) {
  return {
    /**
     * Checks access, rate limit and records the export in the audit log; answers the ZIP stream.
     * Other organisations' ids answer 404 like unknown ones.
     */
    async exportOrganization(
      actor: SessionActor | null,
      organizationId: string,
    ): Promise<{ fileName: string; stream: NodeJS.ReadableStream }> {
      const user = requireActor(actor, { legal: true });
      const allowed = user.type === 'ADMIN' || (user.type === 'ORGANIZATION' && user.organizationId === organizationId);
      if (!allowed) {
        if (user.type === 'ORGANIZATION') throw new AppError('NOT_FOUND');
        throw new AppError('FORBIDDEN');
      }
      if (!isUuid(organizationId)) throw new AppError('NOT_FOUND');
      // Both drivers answer raw SQL with `{ rows }`; the shared handle type cannot say so.
      const found: unknown = await deps.db.execute(
        sql`select name, region from organizations where id = ${organizationId}`,
      );
      const organization = (found as { rows: { name: string; region: Region }[] }).rows[0];
      if (!organization) throw new AppError('NOT_FOUND');
      const decision = await deps.rateLimitStore.consume(`export:${user.userId}`, EXPORT_RATE_LIMIT);
      if (!decision.allowed) {
        throw new AppError('RATE_LIMITED', {
          message:
            'Sie haben in kurzer Zeit mehrere Exporte angefordert. Bitte versuchen Sie es in einer Stunde erneut.',
          headers: { 'retry-after': String(decision.retryAfter ?? EXPORT_RATE_LIMIT.window) },
        });
      }
      const exportedAt = deps.clock();
      await recordAudit(deps.db, {
        actor: { userId: user.userId, email: user.email },
        action: 'organization.exported',
        target: { type: 'organization', id: organizationId, label: organization.name },
        organizationId,
        regions: [organization.region],
        after: { sections: deps.sections.map((section) => section.key) },
      });

      const zip = new ZipFile();
      const mtime = exportedAt;
      zip.addBuffer(Buffer.from(readme(deps.sections, exportedAt), 'utf8'), 'LIESMICH.txt', { mtime });
      zip.addReadStreamLazy('matchwerk-export.json', { mtime }, (callback) =>
        callback(null, Readable.from(jsonChunks(deps, organizationId, exportedAt))),
      );
      for (const section of deps.sections) {
        zip.addReadStreamLazy(section.csvFile, { mtime }, (callback) =>
          callback(null, Readable.from(csvLines(deps, section, organizationId))),
        );
      }
      zip.end();
      // A failed read (database gone mid-export) ends the download with an error instead of hanging.
      zip.on('error', (error: Error) => {
        deps.log?.error({ err: error, organizationId }, 'export: ZIP failed');
        (zip.outputStream as Readable).destroy(error);
      });
      return { fileName: exportFileName(organizationId, exportedAt), stream: zip.outputStream };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
