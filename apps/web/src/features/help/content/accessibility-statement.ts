/**
 * The accessibility statement (Erklärung zur Barrierefreiheit) in the structure of the model
 * statement for BITV 2.0 / Directive (EU) 2016/2102: scope, status of conformity, known
 * limitations, how it was prepared, feedback, enforcement. Data; the screen renders it.
 * Update `ACCESSIBILITY_STATEMENT_DATE` and the lists whenever the findings change.
 */

/** ISO date the statement was prepared and last reviewed. */
export const ACCESSIBILITY_STATEMENT_DATE = '2026-11-26';

export const ACCESSIBILITY_STATEMENT = {
  scope:
    'Die Matchwerk GmbH ist bemüht, ihre Webanwendung Matchwerk für Unternehmen, regionale Partner und die Administration im Einklang mit den Bestimmungen des Behindertengleichstellungsgesetzes (BGG) und der Barrierefreie-Informationstechnik-Verordnung (BITV 2.0) zur Umsetzung der Richtlinie (EU) 2016/2102 barrierefrei zugänglich zu machen. Diese Erklärung gilt für die Webanwendung unter dieser Adresse. Die mobile App für Bewerberinnen und Bewerber ist nicht Teil dieser Erklärung.',
  status:
    'Diese Webanwendung ist mit den Anforderungen der BITV 2.0 (WCAG 2.1, Stufe AA, nach EN 301 549) teilweise vereinbar. Die unten genannten Inhalte sind nicht oder nur eingeschränkt barrierefrei.',
  limitations: [
    'Diagramme der Statistik (Wochenverlauf, Anzeigen nach Art, Berufe, Schulen, Altersgruppen) sind Grafiken, die per Tastatur und Screenreader nicht im Einzelnen erkundet werden können. Als Alternative gibt es zu jedem Diagramm eine Zusammenfassung in Textform und dieselben Zahlen als Tabelle; alle Tabellen lassen sich als CSV herunterladen.',
    'Fotos in Stellenanzeigen und Logos haben keine individuellen Alternativtexte: Unternehmen können beim Hochladen keine Bildbeschreibung eingeben. Die Bilder sind nur allgemein beschriftet (zum Beispiel „Foto 2 zur Stellenanzeige“ oder „Logo von …“).',
    'Die Formatierung von Anzeigentexten (Zwischenüberschriften, Listen, Links) geben Unternehmen selbst ein. Ob Überschriften sinnvoll gegliedert und Linktexte aussagekräftig sind, prüft Matchwerk nicht.',
    'Informationen in Leichter Sprache und in Deutscher Gebärdensprache (§ 4 BITV 2.0) werden noch nicht angeboten.',
    'E-Mails von Matchwerk (Bestätigungen, Benachrichtigungen) und das Demo-Postfach des Demo-Betriebs wurden nicht auf Barrierefreiheit geprüft.',
    'Eine Prüfung durch eine unabhängige Prüfstelle (zum Beispiel ein BITV-Test) hat noch nicht stattgefunden. Es ist daher möglich, dass es weitere, uns noch nicht bekannte Barrieren gibt.',
  ],
  method: [
    'Diese Erklärung beruht auf einer Selbstbewertung des Entwicklungsteams.',
    'Automatische Prüfung: Bei jeder Änderung prüfen End-to-End-Tests in Chromium die Bildschirme mit axe-core (WCAG 2.1 A und AA). Veröffentlicht wird nur, wenn keine Verstöße der Schweregrade „schwerwiegend“ oder „kritisch“ gefunden werden.',
    'Manuelle und automatisierte Prüfung der Bedienung per Tastatur für die wichtigsten Abläufe (Anmeldung, Registrierung, Zustimmung zu den Rechtstexten, Anzeigen, Anfragen, Nachrichten, Hilfe und Feedback) sowie der Darstellung bei 375 Pixel Breite ohne waagerechtes Scrollen.',
    'Farben und Kontraste des Farbschemas sind auf ein Kontrastverhältnis von mindestens 4,5 : 1 für Text ausgelegt.',
  ],
  enforcement: {
    text: 'Wenn auch nach Ihrer Rückmeldung an uns keine zufriedenstellende Lösung gefunden wurde, können Sie sich an die Schlichtungsstelle nach § 16 BGG wenden. Die Schlichtungsstelle hat die Aufgabe, bei Konflikten zwischen Menschen mit Behinderungen und öffentlichen Stellen des Bundes eine außergerichtliche Streitbeilegung zu unterstützen. Das Schlichtungsverfahren ist kostenlos; Sie brauchen keinen Rechtsbeistand. Für öffentliche Stellen der Länder und Kommunen ist die Durchsetzungs- oder Schlichtungsstelle des jeweiligen Landes zuständig.',
    address: [
      'Schlichtungsstelle nach dem Behindertengleichstellungsgesetz',
      'bei dem Beauftragten der Bundesregierung für die Belange von Menschen mit Behinderungen',
      'Mauerstraße 53',
      '10117 Berlin',
      'Telefon: 030 18 527-2805',
      'E-Mail: info@schlichtungsstelle-bgg.de',
    ],
    url: 'https://www.schlichtungsstelle-bgg.de',
  },
} as const;
