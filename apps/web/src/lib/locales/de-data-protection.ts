/**
 * German texts of data protection by default (issue #14): the administrators' retention periods
 * (help page) and the organisation's ZIP export (Mein Unternehmen). Registered by
 * `register-data-protection-texts.ts` when one of those components loads.
 */
export const deDataProtection = {
  dataProtection: {
    retentionTitle: 'Aufbewahrungsfristen',
    retentionIntro:
      'Matchwerk löscht personenbezogene Daten automatisch, sobald sie nicht mehr gebraucht werden. Unternehmen erhalten 14 Tage vor der Löschung von Matchings und Chats eine E-Mail. Statistiken bleiben unverändert.',
    matchingMonths: 'Matchings und Chats löschen nach (Monaten)',
    matchingMonthsHelp:
      'Gezählt ab Abschluss des Matchings: Entscheidung getroffen und Ausbildungs- bzw. Stellenbeginn erreicht ({{min}}–{{max}} Monate).',
    candidateMonths: 'Inaktive Bewerberkonten löschen nach (Monaten)',
    candidateMonthsHelp:
      'Ohne jede Aktivität (Anmeldung, Profil, Interesse, Nachricht). Fotos werden mitgelöscht ({{min}}–{{max}} Monate).',
    save: 'Fristen speichern',
    saved: 'Die Aufbewahrungsfristen wurden gespeichert.',
    lastChanged: 'Zuletzt geändert: {{at}}',
    defaults: 'Es gelten die Standardwerte.',
    loadFailed: 'Die Aufbewahrungsfristen konnten nicht geladen werden.',
    exportTitle: 'Datenexport',
    exportIntro:
      'Laden Sie alle Daten Ihres Unternehmens herunter (Art. 15 und 20 DSGVO): Unternehmensprofil, Team, Stellenanzeigen, Matchings, Nachrichten und Bestellungen – als JSON und als CSV-Dateien für Excel in einer ZIP-Datei.',
    exportIntroAdmin:
      'Alle Daten dieses Unternehmens als ZIP-Datei (JSON und CSV je Tabelle). Der Export wird im Verlauf protokolliert.',
    exportButton: 'Alle Daten exportieren (ZIP)',
    exportPending: 'Der Export wird erstellt …',
    exportDone: 'Der Export wurde heruntergeladen: {{file}}',
    exportFailed: 'Der Export ist fehlgeschlagen. Bitte versuchen Sie es später erneut.',
  },
};
