import { z } from 'zod';
import { MAX_STATISTICS_PERIOD_DAYS, periodLengthInDays } from '../statistics-period';

const dayField = (label: string) =>
  z.iso
    .date({ error: `Bitte geben Sie ${label} als Datum im Format TT.MM.JJJJ an.` })
    .refine((value) => value >= '2000-01-01' && value <= '2100-12-31', {
      error: `${label[0]!.toUpperCase()}${label.slice(1)} muss zwischen 2000 und 2100 liegen.`,
    });

/** `from`/`to` of every statistics request, checked the same way in the browser and the API. */
export const statisticsPeriodSchema = z
  .object({ from: dayField('den Beginn'), to: dayField('das Ende') })
  .refine((period) => period.from <= period.to, {
    error: 'Das Ende des Zeitraums darf nicht vor seinem Beginn liegen.',
    path: ['to'],
  })
  .refine((period) => period.from > period.to || periodLengthInDays(period) <= MAX_STATISTICS_PERIOD_DAYS, {
    error: 'Der Zeitraum darf höchstens fünf Jahre umfassen.',
    path: ['to'],
  });
