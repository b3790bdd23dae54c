// No zod here: the candidate app's first bundle may show these texts without the schemas.
/**
 * The candidate's own privacy statement and terms (issue 46 item 9, ADR 0102): in plain language,
 * addressed with "du", for pupils from 14. Separate documents from the employers' texts
 * (legal.ts), with their own versions: a new version is the ISO date of its "Fassung vom".
 * Changing a text means a new version here; every candidate is then asked to accept it once
 * (current-user `legalDue` and GET /rest/applicant/legal say so).
 */

export const CANDIDATE_LEGAL_DOCUMENTS = ['CANDIDATE_PRIVACY', 'CANDIDATE_TERMS'] as const;
export type CandidateLegalDocument = (typeof CANDIDATE_LEGAL_DOCUMENTS)[number];

export const CANDIDATE_PRIVACY_VERSION = '2026-12-07';
export const CANDIDATE_TERMS_VERSION = '2026-12-07';

export type CandidateLegalVersions = Readonly<Record<CandidateLegalDocument, string>>;
export const CURRENT_CANDIDATE_LEGAL_VERSIONS: CandidateLegalVersions = {
  CANDIDATE_PRIVACY: CANDIDATE_PRIVACY_VERSION,
  CANDIDATE_TERMS: CANDIDATE_TERMS_VERSION,
};

export const CANDIDATE_LEGAL_DOCUMENT_LABELS: Readonly<Record<CandidateLegalDocument, string>> = {
  CANDIDATE_PRIVACY: 'Datenschutz',
  CANDIDATE_TERMS: 'Nutzungsbedingungen',
};

export interface CandidateLegalSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface CandidateLegalText {
  document: CandidateLegalDocument;
  version: string;
  title: string;
  /** One or two sentences: what this text is about. */
  summary: string;
  sections: readonly CandidateLegalSection[];
}

const PRIVACY_TEXT: CandidateLegalText = {
  document: 'CANDIDATE_PRIVACY',
  version: CANDIDATE_PRIVACY_VERSION,
  title: 'Datenschutz in der Matchwerk-App',
  summary:
    'Hier steht in einfachen Worten, welche Daten wir von dir speichern, wer sie sieht, wie lange wir sie behalten und welche Rechte du hast.',
  sections: [
    {
      heading: 'Wer wir sind',
      paragraphs: [
        'Matchwerk bringt Schülerinnen und Schüler mit Betrieben in ihrer Region zusammen: für Ausbildung, Praktikum, Ferienjob und mehr.',
        'Für deine Daten verantwortlich ist der Betreiber von Matchwerk. Fragen zum Datenschutz kannst du jederzeit an den Support schreiben (die Adresse steht in der App unter „Hilfe“).',
      ],
    },
    {
      heading: 'Welche Daten wir speichern',
      paragraphs: [
        'Dein Konto: E-Mail-Adresse, Passwort (nur verschlüsselt), Vorname und Nachname, deine Region.',
        'Dein Profil, wenn du es ausfüllst: Geburtsdatum, Schule, ein Text über dich, Interessen, Fotos und was du suchst.',
        'Was du in der App tust: für welche Stellen du dich interessierst, die Antworten der Betriebe und die Nachrichten in deinen Chats.',
        'Wann du diesen Texten zugestimmt hast, deine Einstellungen und – wenn du unter 16 bist – ob deine Eltern zugestimmt haben.',
      ],
    },
    {
      heading: 'Wer deine Daten sieht',
      paragraphs: [
        'Ein Betrieb sieht dein Profil erst, wenn du Interesse an einer seiner Stellen zeigst. Er sieht dein Alter in Jahren, nie dein Geburtsdatum.',
        'Andere Betriebe, andere Nutzerinnen und Nutzer oder Werbefirmen sehen deine Daten nicht. Wir verkaufen keine Daten.',
        'In Statistiken für Regionen und Schulen tauchst du nur in Gruppen von mindestens fünf Personen auf, nie einzeln.',
      ],
    },
    {
      heading: 'Warum wir das dürfen',
      paragraphs: [
        'Wir brauchen deine Daten, damit die App für dich funktioniert (Art. 6 Abs. 1 b DSGVO). Bist du unter 16, brauchen wir außerdem die Zustimmung deiner Eltern.',
      ],
    },
    {
      heading: 'Wie lange wir deine Daten behalten',
      paragraphs: [
        'Solange du dein Konto hast. Abgeschlossene Anfragen und Chats löschen wir nach einer festen Frist automatisch. Benutzt du die App lange nicht, schreiben wir dir vorher eine E-Mail und löschen dann dein Konto.',
        'Löschst du dein Konto selbst, ist alles sofort weg: Profil, Fotos, Anfragen und Chats.',
      ],
    },
    {
      heading: 'Deine Rechte',
      paragraphs: [
        'Du kannst jederzeit alle deine Daten als Datei herunterladen (Einstellungen → „Meine Daten herunterladen“).',
        'Du kannst dein Profil ändern, einzelne Angaben löschen und dein Konto ganz löschen.',
        'Du kannst uns fragen, was wir über dich speichern, und Fehler berichtigen lassen. Wenn du meinst, dass wir etwas falsch machen, kannst du dich bei einer Datenschutz-Aufsichtsbehörde beschweren.',
      ],
    },
  ],
};

const TERMS_TEXT: CandidateLegalText = {
  document: 'CANDIDATE_TERMS',
  version: CANDIDATE_TERMS_VERSION,
  title: 'Nutzungsbedingungen der Matchwerk-App',
  summary: 'Die Regeln für die App: was du darfst, was nicht, und was wir für dich tun.',
  sections: [
    {
      heading: 'Was die App ist',
      paragraphs: [
        'Mit der Matchwerk-App findest du Stellen in deiner Nähe und zeigst Betrieben, dass du dich interessierst. Sagt ein Betrieb zu, könnt ihr im Chat schreiben.',
        'Die App ist für dich kostenlos. Ob du eine Stelle bekommst, entscheidet der Betrieb, nicht Matchwerk.',
      ],
    },
    {
      heading: 'Wer die App nutzen darf',
      paragraphs: [
        'Du musst mindestens so alt sein, wie es bei der Anmeldung steht. Bist du unter 16, müssen deine Eltern zustimmen, bevor du Interesse zeigen oder chatten kannst.',
        'Jede Person hat nur ein Konto. Dein Passwort gibst du niemandem.',
      ],
    },
    {
      heading: 'Fair bleiben',
      paragraphs: [
        'Mach ehrliche Angaben über dich. Lade nur Fotos hoch, die dich zeigen und die du verwenden darfst.',
        'Schreib freundlich. Beleidigungen, Drohungen, Werbung und alles, was anderen schadet, sind verboten.',
        'Wenn dich jemand bedrängt oder dir etwas komisch vorkommt: Melde es in der App oder beende den Kontakt. Du musst niemandem private Dinge wie deine Adresse oder Fotos schicken.',
      ],
    },
    {
      heading: 'Was wir tun dürfen',
      paragraphs: [
        'Verstößt jemand gegen diese Regeln, dürfen wir Inhalte entfernen und das Konto sperren.',
        'Wir entwickeln die App weiter. Ändern sich diese Bedingungen, fragen wir dich in der App, ob du der neuen Fassung zustimmst.',
      ],
    },
    {
      heading: 'Dein Konto beenden',
      paragraphs: ['Du kannst dein Konto jederzeit in den Einstellungen löschen. Das kostet nichts.'],
    },
  ],
};

export const CANDIDATE_LEGAL_TEXTS: Readonly<Record<CandidateLegalDocument, CandidateLegalText>> = {
  CANDIDATE_PRIVACY: PRIVACY_TEXT,
  CANDIDATE_TERMS: TERMS_TEXT,
};

/** A candidate document not accepted in its current version; `acceptedVersion` is the newest older one accepted. */
export interface DueCandidateLegalDocument {
  document: CandidateLegalDocument;
  version: string;
  acceptedVersion: string | null;
}

/** Which candidate documents are due: those whose current version is not among the accepted ones (oldest first). */
export function dueCandidateLegalDocuments(
  accepted: readonly { document: string; version: string }[],
  current: CandidateLegalVersions = CURRENT_CANDIDATE_LEGAL_VERSIONS,
): DueCandidateLegalDocument[] {
  return CANDIDATE_LEGAL_DOCUMENTS.filter(
    (document) => !accepted.some((a) => a.document === document && a.version === current[document]),
  ).map((document) => ({
    document,
    version: current[document],
    acceptedVersion: accepted.filter((a) => a.document === document).at(-1)?.version ?? null,
  }));
}
