/**
 * German texts of the audit history ("Verlauf") on the administration screens. Registered by
 * the audit feature itself (`register-audit-texts.ts`), so only those lazy routes load them.
 */
export const deAudit = {
  audit: {
    title: 'Verlauf',
    intro: 'Änderungen durch die Verwaltung und Regionalpartner, die neuesten zuerst.',
    tableLabel: 'Verlauf der Änderungen',
    at: 'Zeitpunkt',
    actor: 'Wer',
    action: 'Was',
    changes: 'Änderung',
    empty: 'Noch keine Änderungen protokolliert.',
    loadMore: 'Mehr laden',
    shownOf: '{{shown}} von {{total}} Einträgen',
    noChanges: '—',
    yes: 'ja',
    no: 'nein',
    none: '(leer)',
    changeLine: '{{label}}: {{before}} → {{after}}',
    actionFilter: 'Aktion',
    allActions: 'Alle Aktionen',
  },
} as const;
