import { describe, expect, it } from 'vitest';
import '../../../lib/locales/register-company-texts';
import { i18n } from '../../../lib/i18n';
import { scheduleLabels } from './schedule-labels';

const t = i18n.t.bind(i18n);

describe('scheduleLabels', () => {
  it('names a planned publication day of an inactive posting and the deadline', () => {
    expect(
      scheduleLabels({ active: false, publishOn: '2027-04-01', applicationDeadline: '2027-05-31' }, t, '2027-03-10'),
    ).toEqual(['geplant ab 01.04.2027', 'Bewerbungsschluss 31.05.2027']);
  });

  it('says when the deadline has passed; the deadline day itself is still open', () => {
    expect(
      scheduleLabels({ active: true, publishOn: null, applicationDeadline: '2027-05-31' }, t, '2027-05-31'),
    ).toEqual(['Bewerbungsschluss 31.05.2027']);
    expect(
      scheduleLabels({ active: false, publishOn: null, applicationDeadline: '2027-05-31' }, t, '2027-06-01'),
    ).toEqual(['Bewerbungsschluss 31.05.2027 (vorbei)']);
  });

  it('shows nothing without a schedule', () => {
    expect(scheduleLabels({ active: true, publishOn: null, applicationDeadline: null }, t)).toEqual([]);
  });
});
