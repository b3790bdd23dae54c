/**
 * German texts of the administrators' area "Verwaltung" (ADR 0120). Registered by the feature
 * itself (`register-administration-texts.ts`), so only its lazy route loads them.
 */
export const deAdministration = {
  administration: {
    intro:
      'Alles, was nur die Administration betrifft: eingegangenes Feedback, das Änderungsprotokoll, Fristen und E-Mails, die nicht zugestellt werden konnten.',
    tabsLabel: 'Bereiche der Verwaltung',
    feedbackTab: 'Feedback',
    feedbackTabCount: 'Feedback ({{count}} neu)',
    auditTab: 'Protokoll',
    deadlinesTab: 'Fristen',
    mailsTab: 'E-Mails',
    mailsTabCount: 'E-Mails ({{count}} fehlgeschlagen)',
    feedbackTitle: 'Eingegangenes Feedback',
    auditTitle: 'Änderungsprotokoll',
    auditIntro: 'Alle Änderungen durch Verwaltung, Regionalpartner und System, die neuesten zuerst.',
    deadlinesTitle: 'Fristen',
    deadlinesIntro:
      'Wie lange Daten aufbewahrt werden und nach wie vielen Tagen offene Anfragen automatisch geschlossen werden.',
    mailsTitle: 'Fehlgeschlagene E-Mails',
    mailsIntro:
      'Konto-E-Mails (Bestätigung, Passwort, Einladungen), die auch nach allen Versuchen über 1 bis 3 Tage nicht zugestellt werden konnten. „Erneut senden“ stellt die E-Mail noch einmal in die Warteschlange.',
    mailsEmpty: 'Keine fehlgeschlagenen E-Mails. Alle E-Mails wurden zugestellt oder sind noch in Zustellung.',
    mailsUnavailable:
      'Die Mail-Warteschlange läuft in diesem Server gerade nicht, daher kann die Liste nicht gelesen werden. Bitte prüfen Sie das Server-Protokoll.',
    mailsLoadFailed: 'Die fehlgeschlagenen E-Mails konnten nicht geladen werden.',
    mailTo: 'An',
    mailFailedAt: 'Zuletzt versucht',
    mailAttempts: 'Versuche',
    mailError: 'Antwort des Mailservers',
    mailNoError: 'keine Angabe',
    resend: 'Erneut senden',
    resendAria: 'E-Mail „{{subject}}“ an {{to}} erneut senden',
    resent: 'Die E-Mail an {{to}} ist wieder in der Warteschlange.',
    resendFailed: 'Die E-Mail konnte nicht erneut gesendet werden.',
  },
} as const;
