import {
  BENEFIT_LABELS,
  BENEFITS,
  formatEuro,
  POSTING_TYPE_LABELS,
  POSTING_TYPES,
  RICH_TEXT_FIELDS,
  type Benefit,
  type PostingType,
  type Vacancy,
} from '@matchwerk/shared';
import type { ConflictField } from '../../../components/dialogs/edit-conflict-dialog';
import { changedPaths, flattenValues, htmlToCopyText, leafText, sameKeys } from '../../../lib/edit-conflict';
import { i18n } from '../../../lib/i18n';
import { vacancyFormValues, type VacancyFormValues } from './vacancy-form-values';

/** The fields the editor saves: when only others changed (photos, status), the form's base still holds. */
export const sameVacancyContent = sameKeys<Vacancy>([
  'title',
  'type',
  'trainingOccupationName',
  'duration',
  'start',
  'startOfTraining',
  'description',
  'whatWereLookingFor',
  'about',
  'taskDescription',
  'benefits',
  'additionalBenefits',
  'contactName',
  'contactPhone',
  'salaryRange',
  'compensation',
  'location',
]);

const LABEL_KEYS = {
  title: 'vacancies.title',
  type: 'vacancies.type',
  trainingOccupationName: 'vacancies.trainingOccupationName',
  duration: 'vacancies.duration',
  start: 'vacancies.start',
  startOfTraining: 'vacancies.startOfTraining',
  description: 'vacancies.description',
  whatWereLookingFor: 'vacancies.whatWereLookingFor',
  about: 'vacancies.about',
  taskDescription: 'vacancies.taskDescription',
  benefits: 'vacancies.benefitsTitle',
  additionalBenefits: 'vacancies.additionalBenefits',
  contactName: 'vacancies.contactName',
  contactPhone: 'vacancies.contactPhone',
  salaryRange: 'vacancies.salaryRange',
  'compensation.salaryPerTrainingYear': 'vacancies.compensationTitle',
  'compensation.additionalCompensation': 'vacancies.additionalCompensation',
  'location.country': 'vacancies.country',
  'location.zipCode': 'vacancies.zipCode',
  'location.city': 'vacancies.city',
  'location.street': 'vacancies.street',
  'location.streetNumber': 'vacancies.streetNumber',
} as const;

function labelOf(path: string): string {
  return path in LABEL_KEYS ? i18n.t(LABEL_KEYS[path as keyof typeof LABEL_KEYS]) : path;
}

const isRichText = (path: string) => (RICH_TEXT_FIELDS as readonly string[]).includes(path);
const isPostingType = (value: unknown): value is PostingType => (POSTING_TYPES as readonly unknown[]).includes(value);
const isBenefit = (value: unknown): value is Benefit => (BENEFITS as readonly unknown[]).includes(value);

function copyText(path: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (path === 'type' && isPostingType(value)) return POSTING_TYPE_LABELS[value];
  if (path === 'benefits' && Array.isArray(value))
    return value.map((benefit) => (isBenefit(benefit) ? BENEFIT_LABELS[benefit] : leafText(benefit))).join(', ');
  if (Array.isArray(value)) {
    return value
      .map((entry, index) => `${index + 1}. Jahr: ${typeof entry === 'number' ? formatEuro(entry) : leafText(entry)}`)
      .join('\n');
  }
  if (typeof value === 'string') return isRichText(path) ? htmlToCopyText(value) : value;
  return leafText(value);
}

/** Benefits are a set: the order they were ticked in (or stored in by older data) is no difference. */
function withSortedBenefits(values: VacancyFormValues): VacancyFormValues {
  return { ...values, benefits: [...(values.benefits ?? [])].sort() };
}

/** The user's form values that differ from the newest stored posting, labelled and as copyable text. */
export function vacancyConflictFields(yours: VacancyFormValues, latest: Vacancy): ConflictField[] {
  const { organizationId: _mine, ...mine } = withSortedBenefits(yours);
  const { organizationId: _stored, ...stored } = withSortedBenefits(vacancyFormValues(latest));
  const flatMine = flattenValues(mine);
  return changedPaths(mine, stored).map((path) => ({
    path,
    label: labelOf(path),
    yours: copyText(path, flatMine[path]),
  }));
}
