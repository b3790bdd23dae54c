/**
 * German texts of the job widget section on Mein Unternehmen (issue #13). Registered when the
 * section loads (`register-job-widget-texts.ts`), so the login route does not download them.
 */
export const deJobWidget = {
  jobWidget: {
    title: 'Stellen auf Ihrer Website',
    description:
      'Zeigen Sie Ihre aktiven Stellenanzeigen auf Ihrer eigenen Website. Kopieren Sie den Code und fügen Sie ihn in Ihre Seite dort ein, wo die Stellen erscheinen sollen – die Liste aktualisiert sich von selbst.',
    rules:
      'Es erscheinen nur aktive Stellenanzeigen, und nur solange Ihr Unternehmen freigeschaltet und aktiv ist. Jede Stelle verlinkt auf ihre öffentliche Seite bei Matchwerk. Das Widget setzt keine Cookies und verfolgt keine Besucherinnen und Besucher.',
    notReleased:
      'Ihr Unternehmen ist zurzeit nicht freigeschaltet oder nicht aktiv. Das Widget zeigt deshalb noch keine Stellen; sobald Ihr Regionalpartner Ihr Unternehmen freischaltet, erscheinen sie automatisch.',
    previewNotReleased:
      'Die Vorschau ist leer, weil das Unternehmen noch nicht freigeschaltet oder nicht aktiv ist. Danach zeigt sie hier die aktiven Stellenanzeigen.',
    embedLabel: 'Art der Einbindung',
    embedScript: 'Skript (empfohlen): passt sich Ihrer Seite an',
    embedIframe: 'iframe: für Websites, die keine fremden Skripte erlauben',
    iframeHint:
      'Das iframe hat eine feste Höhe (640 Pixel); passen Sie „height“ bei Bedarf an die Zahl Ihrer Stellen an.',
    codeLabel: 'Code für Ihre Website',
    copy: 'Kopieren',
    copied: 'Code kopiert. Fügen Sie ihn jetzt in Ihre Website ein.',
    copyFailed: 'Kopieren war nicht möglich. Bitte markieren Sie den Code und kopieren Sie ihn mit Strg+C (Mac: ⌘+C).',
    previewTitle: 'Vorschau',
    previewDescription: 'So sieht das Widget aus; auf Ihrer Website übernimmt es Schriftart und Textfarbe Ihrer Seite.',
  },
};
