/**
 * Frequently asked questions of employers, written for this product (issue #13). Data, not
 * markup: the FAQ section renders, searches and highlights it. Each answer is a list of
 * paragraphs of plain text.
 */
import { PASSWORD_MIN_LENGTH } from '@matchwerk/shared';

export interface FaqEntry {
  id: string;
  topic: FaqTopic;
  question: string;
  answer: readonly string[];
  /** Further words people search for that are not in the text. */
  keywords?: readonly string[];
}

export const FAQ_TOPICS = [
  'Konto',
  'Stellenanzeigen',
  'Anfragen und Chats',
  'Team und Benachrichtigungen',
  'Löschen und Datenschutz',
  'Technik',
] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];

export const FAQ: readonly FaqEntry[] = [
  {
    id: 'registrieren',
    topic: 'Konto',
    question: 'Wie registriere ich mein Unternehmen?',
    answer: [
      `Wählen Sie auf der Anmeldeseite „Jetzt registrieren“. Geben Sie den Namen Ihres Unternehmens, Ihren Namen, Ihre E-Mail-Adresse, ein Passwort (mindestens ${PASSWORD_MIN_LENGTH} Zeichen) und Ihre Region an und stimmen Sie den Nutzungsbedingungen zu.`,
      'Danach erhalten Sie eine E-Mail mit einem Bestätigungslink. Erst nach der Bestätigung können Sie sich anmelden. Bei der ersten Anmeldung stimmen Sie noch der Datenschutzerklärung zu.',
    ],
    keywords: ['Anmeldung', 'Registrierung', 'Konto anlegen', 'Sign-up'],
  },
  {
    id: 'freischaltung',
    topic: 'Konto',
    question: 'Warum sehen Bewerberinnen und Bewerber meine Anzeigen noch nicht?',
    answer: [
      'Ein selbst registriertes Unternehmen wird zuerst vom regionalen Partner Ihrer Region (oder von der Administration) geprüft und freigeschaltet. Bis dahin können Sie Ihr Profil pflegen und Anzeigen vorbereiten; sichtbar werden sie erst nach der Freischaltung.',
      'Solange die Freischaltung aussteht, zeigt Matchwerk oben auf jeder Seite einen Hinweis. Dauert es Ihnen zu lange, schreiben Sie uns über das Feedback-Formular.',
    ],
    keywords: ['Freigabe', 'wartet', 'inaktiv', 'nicht sichtbar', 'Partner'],
  },
  {
    id: 'bestaetigungsmail',
    topic: 'Konto',
    question: 'Ich habe keine Bestätigungs-E-Mail erhalten. Was kann ich tun?',
    answer: [
      'Sehen Sie bitte auch im Spam-Ordner nach. Auf der Anmeldeseite können Sie die Bestätigung erneut anfordern, wenn Sie sich mit Ihrer Adresse anmelden wollen.',
      'Hilft das nicht, prüfen Sie die Schreibweise der Adresse oder schreiben Sie an den Support.',
    ],
    keywords: ['E-Mail bestätigen', 'Link', 'Spam', 'Verifizierung'],
  },
  {
    id: 'passwort',
    topic: 'Konto',
    question: 'Wie ändere ich mein Passwort oder meine E-Mail-Adresse?',
    answer: [
      'Unter „Support & Einstellungen“ (im Menü „Einstellungen & Rechtliches“) ändern Sie beides mit Ihrem aktuellen Passwort. Nach einer Passwortänderung werden Sie auf allen anderen Geräten abgemeldet.',
      'Eine neue E-Mail-Adresse bestätigen Sie zuerst über einen Link an die bisherige, danach über einen Link an die neue Adresse. Passwort vergessen? Nutzen Sie „Passwort vergessen?“ auf der Anmeldeseite.',
    ],
    keywords: ['Passwort vergessen', 'zurücksetzen', 'Adresse ändern'],
  },
  {
    id: 'anzeige-arten',
    topic: 'Stellenanzeigen',
    question: 'Welche Arten von Stellenanzeigen gibt es?',
    answer: [
      'Sie können Anzeigen für Ausbildung, Praktikum, duales Studium, Ferienjob und Freiwilligendienst veröffentlichen. Je nach Art fragt das Formular passende Angaben ab, bei einer Ausbildung zum Beispiel Ausbildungsberuf, Dauer und die Vergütung für bis zu vier Ausbildungsjahre.',
    ],
    keywords: ['Ausbildung', 'Praktikum', 'Duales Studium', 'Ferienjob', 'Freiwilligendienst', 'Typ'],
  },
  {
    id: 'anzeige-aktivieren',
    topic: 'Stellenanzeigen',
    question: 'Was ist der Unterschied zwischen „Speichern“ und „Speichern und aktivieren“?',
    answer: [
      '„Speichern“ sichert die Anzeige als Entwurf; Bewerberinnen und Bewerber sehen sie nicht. „Speichern und aktivieren“ veröffentlicht sie in der App.',
      'Mit „Deaktivieren“ nehmen Sie eine Anzeige jederzeit aus der App, zum Beispiel wenn die Stelle besetzt ist. Eine deaktivierte Anzeige können Sie später wieder aktivieren.',
    ],
    keywords: ['veröffentlichen', 'Entwurf', 'deaktivieren', 'online stellen'],
  },
  {
    id: 'anzeige-fotos',
    topic: 'Stellenanzeigen',
    question: 'Wie viele Fotos kann ich hochladen, und in welchem Format?',
    answer: [
      'Pro Anzeige sind bis zu 10 Fotos möglich, dazu ein Logo im Unternehmensprofil. Erlaubt sind JPEG, PNG und WebP. Nach der Auswahl legen Sie den Bildausschnitt fest (Fotos im Format 16:9, das Logo quadratisch). Große Bilder werden vor dem Hochladen im Browser auf höchstens 2 MB verkleinert; ein Fortschrittsbalken zeigt den Stand, mit „Abbrechen“ brechen Sie ab.',
      'Beim Speichern entfernt Matchwerk Metadaten wie Standortangaben (GPS) aus den Bildern. Laden Sie nur Bilder hoch, an denen Sie die Rechte haben und auf denen abgebildete Personen einverstanden sind.',
    ],
    keywords: ['Bild', 'Foto', 'Logo', 'Upload', 'Größe', 'JPG'],
  },
  {
    id: 'anzeige-text',
    topic: 'Stellenanzeigen',
    question: 'Wie formatiere ich den Anzeigentext?',
    answer: [
      'Die Textfelder einer Anzeige (Beschreibung, „Wen wir suchen“, Vorteile) bieten fett, kursiv, unterstrichen, Aufzählungen, Zwischenüberschriften und Links. Andere Formatierungen, etwa aus Word eingefügte Schriftarten oder Farben, werden beim Speichern entfernt, die Inhalte bleiben erhalten.',
    ],
    keywords: ['Editor', 'fett', 'Liste', 'Link', 'Word', 'kopieren'],
  },
  {
    id: 'anzeige-geaendert',
    topic: 'Stellenanzeigen',
    question: 'Was bedeutet „Inzwischen geändert“ beim Speichern?',
    answer: [
      'Jemand aus Ihrem Team (oder Sie in einem anderen Fenster) hat dieselbe Anzeige oder dasselbe Profil in der Zwischenzeit gespeichert. Ihre Eingaben gehen nicht verloren: Sie sehen die Unterschiede und entscheiden, welche Fassung gilt.',
    ],
    keywords: ['Konflikt', 'gleichzeitig', 'überschrieben'],
  },
  {
    id: 'anfragen',
    topic: 'Anfragen und Chats',
    question: 'Was sind Anfragen, und wie gehe ich damit um?',
    answer: [
      'Zeigt eine Bewerberin oder ein Bewerber in der App Interesse an einer Ihrer Anzeigen, erscheint unter „Anfragen“ eine offene Anfrage mit dem Profil der Person. Sie können sie annehmen oder ablehnen.',
      'Die Person sieht in ihrer App, ob ihre Anfrage noch offen, angenommen oder abgelehnt ist. Eine Annahme öffnet einen Chat mit ihr. Eine Entscheidung können Sie nicht rückgängig machen.',
    ],
    keywords: ['Bewerbung', 'Match', 'Kandidat', 'annehmen', 'ablehnen', 'Profil'],
  },
  {
    id: 'chat',
    topic: 'Anfragen und Chats',
    question: 'Wie funktionieren die Nachrichten?',
    answer: [
      'Nach einer angenommenen Anfrage schreiben Sie unter „Nachrichten“ mit der Person. Neue Nachrichten erscheinen innerhalb weniger Sekunden von selbst. Links in Nachrichten sind anklickbar und öffnen sich in einem neuen Tab.',
      'Eine Nachricht darf bis zu 4.000 Zeichen lang sein; längere Texte werden nicht gekürzt, sondern abgelehnt. Bitte teilen Sie darüber keine sensiblen Daten, die für die Bewerbung nicht nötig sind.',
    ],
    keywords: ['Chat', 'Nachricht', 'schreiben', 'Kontakt'],
  },
  {
    id: 'team',
    topic: 'Team und Benachrichtigungen',
    question: 'Wie lade ich Kolleginnen und Kollegen ein?',
    answer: [
      'Unter „Mein Unternehmen“ im Bereich „Team“ laden Sie eine Person per E-Mail ein. Der Link in der Einladung ist 7 Tage gültig; die Person legt damit ihr eigenes Passwort fest und arbeitet dann mit denselben Anzeigen, Anfragen und Nachrichten.',
      'Dort können Sie offene Einladungen zurückziehen und Personen wieder aus dem Team entfernen.',
    ],
    keywords: ['Kollege', 'Mitarbeiter', 'Einladung', 'weitere Nutzer', 'Zugang'],
  },
  {
    id: 'benachrichtigungen',
    topic: 'Team und Benachrichtigungen',
    question: 'Welche E-Mails bekomme ich, und wie stelle ich sie ein?',
    answer: [
      'Matchwerk informiert Sie per E-Mail über neue Anfragen und neue Nachrichten – sofort, täglich (um 7 Uhr) oder wöchentlich (montags um 7 Uhr). Sie wählen das unter „Mein Unternehmen“ bei „Benachrichtigungen“ oder schalten die E-Mails dort ganz ab.',
      'Jede Benachrichtigung enthält außerdem einen Link zum Abbestellen.',
    ],
    keywords: ['E-Mail', 'Benachrichtigung', 'abbestellen', 'täglich', 'wöchentlich', 'Newsletter'],
  },
  {
    id: 'anzeige-loeschen',
    topic: 'Löschen und Datenschutz',
    question: 'Wie lösche ich eine Stellenanzeige?',
    answer: [
      'Öffnen Sie die Anzeige und wählen Sie „Löschen“. Zur Sicherheit tippen Sie „STELLENANZEIGE LÖSCHEN“ ein. Mit der Anzeige werden auch alle Anfragen zu ihr gelöscht. Wollen Sie sie nur vorübergehend verbergen, deaktivieren Sie sie stattdessen.',
    ],
    keywords: ['entfernen', 'Anzeige löschen'],
  },
  {
    id: 'konto-loeschen',
    topic: 'Löschen und Datenschutz',
    question: 'Wie lösche ich unser Unternehmenskonto?',
    answer: [
      'Unter „Mein Unternehmen“ ganz unten im Bereich „Konto löschen“. Zur Sicherheit tippen Sie „KONTO LÖSCHEN“ ein. Gelöscht werden das Unternehmen, alle Stellenanzeigen, Anfragen, Chats und Zugänge Ihres Teams – endgültig.',
      'Für bereits gebuchte Anzeigen gibt es keine Erstattung.',
    ],
    keywords: ['Konto löschen', 'kündigen', 'abmelden', 'Account'],
  },
  {
    id: 'datenschutz-bewerber',
    topic: 'Löschen und Datenschutz',
    question: 'Was darf ich mit den Daten der Bewerberinnen und Bewerber tun?',
    answer: [
      'Sie nutzen sie ausschließlich für das jeweilige Bewerbungsverfahren, behandeln sie vertraulich und geben sie nicht an Dritte weiter (Nutzungsbedingungen, Abschnitt 4). Viele Bewerberinnen und Bewerber sind minderjährig: Bitte fragen Sie nur, was Sie für die Entscheidung brauchen.',
      'In Statistiken erscheinen Gruppen von weniger als fünf Personen nur als „< 5“, damit niemand erkennbar wird.',
    ],
    keywords: ['DSGVO', 'Daten', 'minderjährig', 'vertraulich', 'Datenschutz'],
  },
  {
    id: 'datenschutz-eigene',
    topic: 'Löschen und Datenschutz',
    question: 'Welche Daten speichert Matchwerk über mich?',
    answer: [
      'Ihren Namen, Ihre E-Mail-Adresse, die Angaben zu Ihrem Unternehmen, Ihre Anzeigen, Entscheidungen und Nachrichten sowie technische Daten der Anmeldung. Einzelheiten stehen in der Datenschutzerklärung unter „Support & Einstellungen“ → „Rechtliches“.',
      'Änderungen an Unternehmen und Nutzern durch Partner oder die Administration werden protokolliert (wer, wann, was).',
    ],
    keywords: ['Datenschutzerklärung', 'Auskunft', 'Protokoll', 'gespeichert'],
  },
  {
    id: 'neue-fassung',
    topic: 'Löschen und Datenschutz',
    question: 'Warum soll ich den Nutzungsbedingungen noch einmal zustimmen?',
    answer: [
      'Wenn sich die Nutzungsbedingungen oder die Datenschutzerklärung ändern, bitten wir bei der nächsten Anmeldung einmal um Zustimmung zur neuen Fassung. Sie sehen dabei, welches Dokument sich geändert hat und von welchem Tag die neue Fassung ist. Einer Fassung, der Sie schon zugestimmt haben, stimmen Sie nie ein zweites Mal zu.',
    ],
    keywords: ['Zustimmung', 'AGB', 'Fassung', 'Version', 'geändert'],
  },
  {
    id: 'browser',
    topic: 'Technik',
    question: 'Welche Browser und Geräte werden unterstützt?',
    answer: [
      'Matchwerk läuft in aktuellen Versionen von Chrome, Edge, Firefox und Safari auf dem Computer, Tablet und Smartphone (ab 375 Pixel Bildschirmbreite). Ältere Browser wie der Internet Explorer werden nicht unterstützt. JavaScript und Cookies müssen erlaubt sein.',
    ],
    keywords: ['Chrome', 'Firefox', 'Safari', 'Edge', 'Handy', 'Smartphone', 'Internet Explorer'],
  },
  {
    id: 'angemeldet-bleiben',
    topic: 'Technik',
    question: 'Warum werde ich abgemeldet?',
    answer: [
      'Ohne „Angemeldet bleiben“ endet die Anmeldung, wenn Sie den Browser schließen. Außerdem meldet Matchwerk Sie auf anderen Geräten ab, wenn Ihr Passwort oder Ihre E-Mail-Adresse geändert wurde.',
      'Nach mehreren falschen Passwörtern wird die Anmeldung aus Sicherheitsgründen kurz gesperrt; über „Entsperr-Link per E-Mail senden“ kommen Sie sofort wieder hinein.',
    ],
    keywords: ['Abmeldung', 'gesperrt', 'Sitzung', 'Login'],
  },
  {
    id: 'barriere',
    topic: 'Technik',
    question: 'Ich stoße auf eine Barriere. Wem melde ich das?',
    answer: [
      'Nutzen Sie im Feedback-Formular die Kategorie „Barriere melden“ oder schreiben Sie an den Support. Was wir bereits über die Barrierefreiheit wissen, steht in der Erklärung zur Barrierefreiheit.',
    ],
    keywords: ['Barrierefreiheit', 'Screenreader', 'Tastatur', 'Kontrast', 'BITV'],
  },
];
