import {
  API_PATHS,
  errorResponseSchema,
  studentStatisticsQuerySchema,
  studentStatisticsSchema,
} from '@matchwerk/shared';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { StudentStatisticsService } from './student-statistics.service';

export interface StudentStatisticsRoutesOptions {
  service: StudentStatisticsService;
}

export const studentStatisticsRoutes: FastifyPluginCallbackZod<StudentStatisticsRoutesOptions> = (
  app,
  { service },
  done,
) => {
  app.get(
    API_PATHS.studentStatistics,
    {
      schema: {
        tags: ['statistics'],
        summary: 'Schülerstatistik der eigenen Regionen (nur Regionalpartner Sindelfingen; Gruppen von 1–4 als „LT5“)',
        querystring: studentStatisticsQuerySchema,
        response: {
          200: studentStatisticsSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => service.get(await request.getActor(), request.query),
  );
  done();
};
