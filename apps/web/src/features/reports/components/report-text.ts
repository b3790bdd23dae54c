import { REPORT_REASON_LABELS, REPORT_SUBJECT_LABELS, type ReportItem } from '@matchwerk/shared';

/** What was reported, in one line: "Stellenanzeige „Titel“ · Firma" or "Chat · Firma". */
export function reportedWhat(report: ReportItem): string {
  const company = report.organization?.name ?? 'Unternehmen gelöscht';
  const subject = REPORT_SUBJECT_LABELS[report.subject];
  return report.vacancy ? `${subject} „${report.vacancy.title}“ · ${company}` : `${subject} · ${company}`;
}

export const reasonOf = (report: ReportItem) => REPORT_REASON_LABELS[report.reason];

/** The candidate who reported (only partners and administrators see it). */
export const reporterOf = (report: ReportItem) => report.reporter?.name || 'Konto gelöscht';
