import { POSTING_TYPE_LABELS, type PostingType } from './postings';

/**
 * German catalogue of checkable benefits per posting type (spec §3 "benefits, variants per
 * posting type"). Keys are stored; labels are shown.
 */
export const BENEFIT_LABELS = {
  TAKEOVER: 'Gute Übernahmechancen',
  TAKEOVER_GUARANTEE: 'Übernahmegarantie bei gutem Abschluss',
  EXAM_PREPARATION: 'Prüfungsvorbereitung im Betrieb',
  MENTOR: 'Feste Ansprechperson (Pate/Patin)',
  TRAINEE_EVENTS: 'Azubi-Events und Ausflüge',
  PUBLIC_TRANSPORT: 'Deutschlandticket oder Fahrtkostenzuschuss',
  FLEXIBLE_HOURS: 'Flexible Arbeitszeiten',
  MOBILE_WORK: 'Mobiles Arbeiten möglich',
  VACATION_30: '30 Tage Urlaub',
  CHRISTMAS_BONUS: 'Weihnachts- und Urlaubsgeld',
  CAPITAL_FORMING: 'Vermögenswirksame Leistungen',
  PENSION: 'Betriebliche Altersvorsorge',
  DEVICE: 'Eigenes Tablet oder Laptop',
  CANTEEN: 'Kantine oder Essenszuschuss',
  BIKE_LEASING: 'Dienstrad-Leasing',
  HEALTH: 'Gesundheits- und Sportangebote',
  EMPLOYEE_DISCOUNTS: 'Mitarbeiterrabatte',
  FURTHER_TRAINING: 'Weiterbildung und Zusatzqualifikationen',
  ABROAD: 'Auslandsaufenthalt möglich',
  TUITION_FEES: 'Übernahme der Studiengebühren',
  STUDY_LEAVE: 'Freistellung für Prüfungen und Lernphasen',
  THESIS: 'Betreuung der Bachelorarbeit im Unternehmen',
  CERTIFICATE: 'Qualifiziertes Praktikumszeugnis',
  PAID_INTERNSHIP: 'Vergütetes Praktikum',
  PROJECT_WORK: 'Mitarbeit an echten Projekten',
  SHORT_NOTICE: 'Kurzfristiger Einstieg möglich',
  WEEKLY_PAY: 'Wöchentliche Auszahlung möglich',
  TEAM: 'Junges, hilfsbereites Team',
  SEMINARS: 'Begleitende Bildungsseminare',
  POCKET_MONEY: 'Taschengeld und Verpflegungszuschuss',
  ACCOMMODATION: 'Unterkunft wird gestellt oder bezuschusst',
} as const;
export type Benefit = keyof typeof BENEFIT_LABELS;
export const BENEFITS = Object.keys(BENEFIT_LABELS) as [Benefit, ...Benefit[]];

export const BENEFITS_BY_POSTING_TYPE: Record<PostingType, readonly Benefit[]> = {
  APPRENTICESHIP: [
    'TAKEOVER',
    'TAKEOVER_GUARANTEE',
    'EXAM_PREPARATION',
    'MENTOR',
    'TRAINEE_EVENTS',
    'PUBLIC_TRANSPORT',
    'FLEXIBLE_HOURS',
    'VACATION_30',
    'CHRISTMAS_BONUS',
    'CAPITAL_FORMING',
    'PENSION',
    'DEVICE',
    'CANTEEN',
    'BIKE_LEASING',
    'HEALTH',
    'EMPLOYEE_DISCOUNTS',
    'FURTHER_TRAINING',
    'ABROAD',
  ],
  DUAL_STUDY: [
    'TAKEOVER',
    'TUITION_FEES',
    'STUDY_LEAVE',
    'THESIS',
    'MENTOR',
    'PUBLIC_TRANSPORT',
    'FLEXIBLE_HOURS',
    'MOBILE_WORK',
    'VACATION_30',
    'CHRISTMAS_BONUS',
    'PENSION',
    'DEVICE',
    'CANTEEN',
    'BIKE_LEASING',
    'HEALTH',
    'ABROAD',
  ],
  INTERNSHIP: [
    'PAID_INTERNSHIP',
    'CERTIFICATE',
    'PROJECT_WORK',
    'MENTOR',
    'FLEXIBLE_HOURS',
    'MOBILE_WORK',
    'PUBLIC_TRANSPORT',
    'CANTEEN',
    'TEAM',
    'TAKEOVER',
  ],
  HOLIDAY_JOB: [
    'SHORT_NOTICE',
    'WEEKLY_PAY',
    'FLEXIBLE_HOURS',
    'TEAM',
    'CANTEEN',
    'PUBLIC_TRANSPORT',
    'EMPLOYEE_DISCOUNTS',
    'CERTIFICATE',
  ],
  VOLUNTARY_SERVICE: [
    'POCKET_MONEY',
    'SEMINARS',
    'ACCOMMODATION',
    'PUBLIC_TRANSPORT',
    'MENTOR',
    'CERTIFICATE',
    'TEAM',
    'VACATION_30',
  ],
};

/** The selected benefits that the catalogue of `type` does not offer, in the order given. */
export function benefitsNotOfferedFor(type: PostingType, benefits: readonly Benefit[]): Benefit[] {
  const offered = new Set(BENEFITS_BY_POSTING_TYPE[type]);
  return [...new Set(benefits)].filter((benefit) => !offered.has(benefit));
}

/**
 * German refusal for benefits the posting type does not offer (API field error `benefits`);
 * the web editor shows the same names before saving, so nothing is dropped unseen.
 */
export function benefitsNotOfferedMessage(type: PostingType, benefits: readonly Benefit[]): string {
  const names = benefits.map((benefit) => `„${BENEFIT_LABELS[benefit]}“`).join(', ');
  return `Für die Art „${POSTING_TYPE_LABELS[type]}“ gibt es ${benefits.length === 1 ? 'diese Leistung' : 'diese Leistungen'} nicht: ${names}. Bitte entfernen Sie sie oder wählen Sie eine andere Art der Stelle.`;
}
