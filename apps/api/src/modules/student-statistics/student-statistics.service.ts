/**
 * Student statistics (issue #11): only regional partners of SINDELFINGEN (spec §6 area
 * `studentStatistics`), over the candidates of their regions or one of them.
 */
import type { StudentStatistics, StudentStatisticsQuery } from '@matchwerk/shared';
import { requireActor, type SessionActor } from '../../access/actor';
import { AppError } from '../../errors/app-error';
import { toStudentStatistics } from './student-statistics.mapper';
import type { StudentStatisticsRepository } from './student-statistics.repository';

export const STUDENT_STATISTICS_MESSAGES = {
  foreignRegion: 'Diese Region gehört nicht zu Ihren Regionen.',
} as const;

export interface StudentStatisticsServiceDeps {
  repository: Pick<StudentStatisticsRepository, 'countCandidates'>;
}

export function createStudentStatisticsService(deps: StudentStatisticsServiceDeps) {
  return {
    async get(actor: SessionActor | null, query: StudentStatisticsQuery): Promise<StudentStatistics> {
      const partner = requireActor(actor, { legal: true, area: 'studentStatistics' });
      if (query.region && !partner.regions.includes(query.region))
        throw new AppError('FORBIDDEN', { message: STUDENT_STATISTICS_MESSAGES.foreignRegion });
      const regions = query.region ? [query.region] : [...partner.regions];
      const counts = await deps.repository.countCandidates({ regions, from: query.from, to: query.to });
      return toStudentStatistics(counts, {
        from: query.from,
        to: query.to,
        regions,
        selectableRegions: [...partner.regions],
      });
    },
  };
}

export type StudentStatisticsService = ReturnType<typeof createStudentStatisticsService>;
