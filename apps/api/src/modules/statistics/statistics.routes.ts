import {
  API_PATHS,
  CSV_MIME_TYPE,
  csvFileName,
  errorResponseSchema,
  REGION_LABELS,
  statisticsDashboardSchema,
  statisticsOrganizationsPageSchema,
  statisticsOrganizationsQuerySchema,
  statisticsQuerySchema,
  STATISTICS_TIME_ZONE,
  toCsv,
  type CsvColumn,
  type StatisticsOrganizationRow,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { StatisticsService } from './statistics.service';
import { csvFileSchema } from '../../http/media-types';

export interface StatisticsRoutesOptions {
  service: StatisticsService;
}

const readErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema } as const;

const berlinDateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: STATISTICS_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const ORGANIZATION_CSV_COLUMNS: readonly CsvColumn<StatisticsOrganizationRow>[] = [
  { header: 'Unternehmen', value: (row) => row.name },
  { header: 'Region', value: (row) => REGION_LABELS[row.region] },
  { header: 'Aktiv', value: (row) => row.active },
  { header: 'Aktive Anzeigen', value: (row) => row.activePostings },
  { header: 'Aufrufe im Zeitraum', value: (row) => row.views },
  { header: 'Interessen im Zeitraum', value: (row) => row.interest },
  { header: 'Offen seit über 7 Tagen', value: (row) => row.openOverdue },
  // A percentage with a decimal comma reads better in a spreadsheet than a fraction.
  {
    header: 'Antwortquote (%)',
    value: (row) => (row.responseRate === null ? null : Math.round(row.responseRate * 1000) / 10),
  },
  {
    header: 'Letzte Aktivität',
    value: (row) => (row.lastActivityAt ? berlinDateTime.format(new Date(row.lastActivityAt)) : null),
  },
];

export const statisticsRoutes: FastifyPluginCallbackZod<StatisticsRoutesOptions> = (app, { service }, done) => {
  app.get(
    API_PATHS.statistics,
    {
      schema: {
        tags: ['statistics'],
        summary:
          'Statistik-Dashboard: Kennzahlen des Zeitraums mit Vergleichszeitraum, Wochenverlauf, Verteilungen (Kandidatengruppen unter 5 als "< 5")',
        querystring: statisticsQuerySchema,
        response: { 200: statisticsDashboardSchema, ...readErrors },
      },
    },
    async (request) => service.dashboard(await request.getActor(), request.query),
  );

  app.get(
    API_PATHS.statisticsOrganizations,
    {
      schema: {
        tags: ['statistics'],
        summary: 'Statistik je Unternehmen (alle Unternehmen im Bereich, serverseitig sortiert und durchsucht)',
        querystring: statisticsOrganizationsQuerySchema,
        response: { 200: statisticsOrganizationsPageSchema, ...readErrors },
      },
    },
    async (request) => service.organizations(await request.getActor(), request.query),
  );

  app.get(
    API_PATHS.statisticsOrganizationsExport,
    {
      schema: {
        tags: ['statistics'],
        summary: 'Statistik je Unternehmen als CSV (UTF-8 mit BOM, Semikolon, Dezimalkomma)',
        // The table's filters and order; page and pageSize are accepted and ignored (the file is the whole table).
        querystring: statisticsOrganizationsQuerySchema,
        response: { 200: csvFileSchema, ...readErrors },
      },
    },
    async (request, reply) => {
      const rows = await service.allOrganizations(await request.getActor(), request.query);
      const region = request.query.region ? [request.query.region] : [];
      const fileName = csvFileName('statistik-unternehmen', ...region, request.query.from, 'bis', request.query.to);
      return reply
        .header('content-type', CSV_MIME_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(toCsv(rows, ORGANIZATION_CSV_COLUMNS));
    },
  );
  done();
};
