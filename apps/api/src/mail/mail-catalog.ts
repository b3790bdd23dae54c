/**
 * Every mail template with sample data (ADR 0050): `npm run mail:preview` renders them into
 * files, and mail-catalog.test.ts checks each one's content and links in both parts. A new
 * template belongs here, so it is previewed and tested too.
 */
import { composeReminderMail } from '../modules/candidate-follow-up/reminder-mail';
import { composeCandidateRetentionMail } from '../modules/data-protection/candidate-retention-mail';
import { composeRetentionMail } from '../modules/data-protection/retention-mail';
import { composeFeedbackMail } from '../modules/feedback/feedback-mail';
import {
  composeParentalConsentConfirmedMail,
  composeParentalConsentRequestMail,
} from '../modules/applicants/parental-consent-mail';
import { composeDigestMail } from '../modules/notifications/digest-mail';
import { composeApprovalDigestMail } from '../modules/organizations/approval-digest-mail';
import { candidateActionUrl, candidateResetPasswordMail, candidateVerifyEmailMail } from './candidate-templates';
import { composeCandidateMail } from '../modules/push';
import type { MailMessage } from './mailer';
import {
  accountInvitationMail,
  alreadyRegisteredMail,
  authActionUrl,
  confirmEmailChangeMail,
  invitationMail,
  recoverEmailMail,
  resetPasswordMail,
  signInUnlockMail,
  verifyEmailMail,
} from './templates';

const PUBLIC_URL = 'https://matchwerk.example';
const SUPPORT = 'support@matchwerk.example';
const person = { to: 'sabine.keller@firma.example', name: 'Sabine Keller', supportEmail: SUPPORT };
const candidate = { to: 'lea.sommer@schule.example', name: 'Lea Sommer', supportEmail: SUPPORT };

export interface CatalogEntry {
  /** File name of the preview (kebab-case). */
  name: string;
  subject: string;
  /** Text that must appear in both parts (as the reader sees it). */
  content: string[];
  /** Full URLs that must be links in the HTML part and appear in the text part. */
  links: string[];
  /** Renders the template with a value in place of one user-supplied field (the sample name by default). */
  render(userValue?: string): Promise<MailMessage>;
}

const verifyUrl = authActionUrl(PUBLIC_URL, 'verifyEmail', 'verify-token');
const resetUrl = authActionUrl(PUBLIC_URL, 'resetPassword', 'reset-token', person.to);
const confirmUrl = authActionUrl(PUBLIC_URL, 'confirmEmailChange', 'change-token');
const recoverUrl = authActionUrl(PUBLIC_URL, 'recoverEmail', 'recover-token');
const unlockUrl = authActionUrl(PUBLIC_URL, 'unlockSignIn', 'unlock-token');
const inviteUrl = authActionUrl(PUBLIC_URL, 'invite', 'invite-token', 'neu@firma.example');
const candidateVerifyUrl = candidateActionUrl(PUBLIC_URL, 'verifyEmail', 'verify-token');
const candidateResetUrl = candidateActionUrl(PUBLIC_URL, 'resetPassword', 'reset-token', 'lea.sommer@schule.example');
const unsubscribeUrl = `${PUBLIC_URL}/rest/notifications/unsubscribe?token=unsubscribe-token`;
const day = (iso: string) => new Date(`${iso}T09:00:00Z`);
const CONSENT_URL = `${PUBLIC_URL}/einwilligung?token=consent-token`;

export const MAIL_CATALOG: CatalogEntry[] = [
  {
    name: 'verify-email',
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    content: [
      'Guten Tag Sabine Keller,',
      'vielen Dank für Ihre Registrierung bei Matchwerk',
      'E-Mail-Adresse bestätigen',
      SUPPORT,
    ],
    links: [verifyUrl],
    render: (name = person.name) => verifyEmailMail({ ...person, name, url: verifyUrl }),
  },
  {
    name: 'verify-email-change',
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    content: ['künftig für Ihr Matchwerk-Konto verwenden', 'E-Mail-Adresse bestätigen'],
    links: [verifyUrl],
    render: (name = person.name) => verifyEmailMail({ ...person, name, url: verifyUrl, isEmailChange: true }),
  },
  {
    name: 'reset-password',
    subject: 'Passwort zurücksetzen',
    content: ['Der Link ist eine Stunde gültig', 'Neues Passwort festlegen'],
    links: [resetUrl],
    render: (name = person.name) => resetPasswordMail({ ...person, name, url: resetUrl }),
  },
  {
    name: 'confirm-email-change',
    subject: 'Änderung Ihrer E-Mail-Adresse bestätigen',
    content: ['auf neu@firma.example angefordert', 'Änderung bestätigen'],
    links: [confirmUrl],
    render: (name = person.name) =>
      confirmEmailChangeMail({ ...person, name, newEmail: 'neu@firma.example', url: confirmUrl }),
  },
  {
    name: 'recover-email',
    subject: 'Ihre E-Mail-Adresse wurde geändert',
    content: ['wurde auf neu@firma.example geändert', 'Änderung rückgängig machen'],
    links: [recoverUrl],
    render: (name = person.name) =>
      recoverEmailMail({ ...person, name, newEmail: 'neu@firma.example', url: recoverUrl }),
  },
  {
    name: 'already-registered',
    subject: 'Sie haben bereits ein Matchwerk-Konto',
    content: ['Zu dieser Adresse besteht bereits ein Konto', 'Melden Sie sich einfach an'],
    links: [`${PUBLIC_URL}/#/login`],
    render: (name = person.name) => alreadyRegisteredMail({ ...person, name, loginUrl: `${PUBLIC_URL}/#/login` }),
  },
  {
    name: 'sign-in-unlock',
    subject: 'Anmeldung bei Matchwerk entsperren',
    content: ['er ist 15 Minuten gültig', 'Anmeldung entsperren'],
    links: [unlockUrl],
    render: (name = person.name) => signInUnlockMail({ ...person, name, url: unlockUrl, minutes: 15 }),
  },
  {
    name: 'account-invitation',
    subject: 'Einladung zu Matchwerk: Tischlerei Holz & Form',
    content: [
      'Paul Partner (partner@matchwerk.example) hat Ihnen für Tischlerei Holz & Form einen Zugang',
      'Er ist 7 Tage gültig',
      'Passwort festlegen',
    ],
    links: [resetUrl],
    render: (name = person.name) =>
      accountInvitationMail({
        ...person,
        name,
        creatorName: 'Paul Partner',
        creatorEmail: 'partner@matchwerk.example',
        organizationName: 'Tischlerei Holz & Form',
        url: resetUrl,
        validDays: 7,
      }),
  },
  {
    name: 'invitation',
    subject: 'Einladung zu Matchwerk: Tischlerei Holz & Form',
    content: [
      'Sabine Keller lädt Sie ein, das Unternehmen Tischlerei Holz & Form bei Matchwerk zu vertreten',
      '7 Tage gültig',
      'Einladung annehmen',
    ],
    links: [inviteUrl],
    render: (name = 'Jonas Neu') =>
      invitationMail({
        ...person,
        to: 'neu@firma.example',
        name,
        inviterName: 'Sabine Keller',
        organizationName: 'Tischlerei Holz & Form',
        url: inviteUrl,
        validDays: 7,
      }),
  },
  {
    name: 'notification-digest',
    subject: 'Matchwerk: 2 neue Anfragen und 3 neue Nachrichten',
    content: [
      'Ihre tägliche Zusammenfassung von Matchwerk',
      'Lea Sommer interessiert sich für „Ausbildung Tischler/in“',
      'Jonas Weber (3 Nachrichten): „Passt Montag um 10 Uhr?“',
      'Benachrichtigungen abbestellen',
    ],
    links: [`${PUBLIC_URL}/#/`, `${PUBLIC_URL}/#/chat/applicant-2`, unsubscribeUrl],
    render: (name = person.name) =>
      composeDigestMail({
        ...person,
        name,
        interval: 'DAILY',
        matchings: [
          {
            applicantId: 'applicant-1',
            names: ['Lea'],
            familyNames: ['Sommer'],
            vacancyTitle: 'Ausbildung Tischler/in',
          },
          { applicantId: 'applicant-3', names: ['Mia'], familyNames: ['Kühn'], vacancyTitle: 'Praktikum Werkstatt' },
        ],
        chats: [
          {
            applicantId: 'applicant-2',
            names: ['Jonas'],
            familyNames: ['Weber'],
            count: 3,
            lastText: 'Passt Montag um 10 Uhr?',
          },
        ],
        publicUrl: PUBLIC_URL,
        unsubscribeUrl,
      }),
  },
  {
    name: 'approval-digest',
    subject: 'Matchwerk: 2 Unternehmen warten auf Freischaltung',
    content: [
      '2 neu registrierte Unternehmen warten auf Ihre Freischaltung',
      'Tischlerei Holz & Form',
      'registriert am 20.11.2026',
      'Alle wartenden Unternehmen',
    ],
    links: [
      `${PUBLIC_URL}/#/organization/org-1`,
      `${PUBLIC_URL}/#/organization/org-2`,
      `${PUBLIC_URL}/#/organizations?status=waiting`,
    ],
    render: (name = 'Paul Partner') =>
      composeApprovalDigestMail({
        ...person,
        name,
        publicUrl: PUBLIC_URL,
        organizations: [
          { id: 'org-1', name: 'Tischlerei Holz & Form', region: 'LICHTENFELS', createdAt: day('2026-11-20') },
          { id: 'org-2', name: 'Bäckerei Korn', region: 'LICHTENFELS', createdAt: day('2026-11-21') },
        ],
      }),
  },
  {
    name: 'candidate-reminder',
    subject: 'Matchwerk: 1 Anfrage wartet auf Ihre Antwort',
    content: [
      'wartet seit einigen Tagen auf Ihre Antwort',
      'Lea Sommer – Ausbildung Tischler/in (seit 20.11.2026; ohne Antwort automatische Absage am 04.12.2026)',
      'Zu Ihren Anfragen',
    ],
    links: [`${PUBLIC_URL}/#/candidates`],
    render: (name = person.name) =>
      composeReminderMail({
        ...person,
        name,
        publicUrl: PUBLIC_URL,
        items: [
          {
            organizationId: 'org-1',
            organizationName: 'Tischlerei Holz & Form',
            vacancyTitle: 'Ausbildung Tischler/in',
            applicantName: 'Lea Sommer',
            createdAt: day('2026-11-20'),
            declineAt: day('2026-12-04'),
          },
        ],
      }),
  },
  {
    name: 'retention-notice',
    subject: 'Matchwerk: Löschung abgeschlossener Matchings und Chats ab 15.12.2026',
    content: [
      'Für Tischlerei Holz & Form werden ab dem 15.12.2026 gelöscht',
      '„Ausbildung Tischler/in“: 2 Matchings',
      '1 Chat mit allen Nachrichten',
      'Mein Unternehmen öffnen',
    ],
    links: [`${PUBLIC_URL}/#/settings`],
    // The retention mail greets no one by name: the user value goes into the organisation name.
    render: (organizationName = 'Tischlerei Holz & Form') =>
      composeRetentionMail({
        to: [person.to],
        organizationName,
        matchingsByPosting: new Map([['Ausbildung Tischler/in', 2]]),
        chats: 1,
        deleteFrom: day('2026-12-15'),
        months: 6,
        publicUrl: PUBLIC_URL,
        supportEmail: SUPPORT,
      }),
  },
  {
    name: 'candidate-verify-email',
    subject: 'Deine E-Mail-Adresse bestätigen',
    content: [
      'Hallo Lea Sommer,',
      'schön, dass du bei Matchwerk bist',
      'E-Mail-Adresse bestätigen',
      'Dein Matchwerk-Team',
    ],
    links: [candidateVerifyUrl],
    render: (name = candidate.name) => candidateVerifyEmailMail({ ...candidate, name, url: candidateVerifyUrl }),
  },
  {
    name: 'candidate-reset-password',
    subject: 'Neues Passwort für die Matchwerk-App',
    content: ['Der Link funktioniert eine Stunde lang', 'Neues Passwort festlegen'],
    links: [candidateResetUrl],
    render: (name = candidate.name) => candidateResetPasswordMail({ ...candidate, name, url: candidateResetUrl }),
  },
  {
    name: 'candidate-retention-notice',
    subject: 'Matchwerk: Dein Konto wird am 15.12.2026 gelöscht',
    content: [
      'Hallo Lea Sommer,',
      'Konten, die 24 Monate lang nicht benutzt wurden',
      'Dein Konto wird deshalb am 15.12.2026 gelöscht',
      'melde dich einfach vor dem 15.12.2026 in der App an',
      'Wenn das Konto weg soll, musst du nichts tun.',
      'Dein Matchwerk-Team',
    ],
    links: [`${PUBLIC_URL}/app/#/anmelden`],
    render: (name = candidate.name) =>
      composeCandidateRetentionMail({
        to: candidate.to,
        name,
        deleteOn: day('2026-12-15'),
        months: 24,
        signInUrl: `${PUBLIC_URL}/app/#/anmelden`,
        supportEmail: SUPPORT,
      }),
  },
  // Parental consent below 16 (ADR 0097): to the parent, in "Sie", the child's first name only.
  {
    name: 'parental-consent-request',
    subject: 'Matchwerk: Jona braucht Ihre Zustimmung',
    content: [
      'Jona hat sich bei Matchwerk angemeldet',
      'Lesen und zustimmen oder ablehnen',
      'Der Link ist bis zum 15.12.2026 gültig.',
      SUPPORT,
    ],
    links: [CONSENT_URL],
    render: (name = 'Jona') =>
      composeParentalConsentRequestMail({
        to: 'eltern@familie.example',
        childName: name,
        url: CONSENT_URL,
        validUntil: day('2026-12-15'),
        supportEmail: SUPPORT,
      }),
  },
  {
    name: 'parental-consent-confirmed',
    subject: 'Matchwerk: Ihre Zustimmung für Jona',
    content: ['Sie haben zugestimmt, dass Jona Matchwerk nutzt', 'Zustimmung verwalten', SUPPORT],
    links: [CONSENT_URL],
    render: (name = 'Jona') =>
      composeParentalConsentConfirmedMail({
        to: 'eltern@familie.example',
        childName: name,
        url: CONSENT_URL,
        validUntil: day('2027-05-04'),
        supportEmail: SUPPORT,
      }),
  },
  {
    name: 'feedback',
    subject: 'Feedback (Problem) von Sabine Keller',
    content: ['Kategorie: Problem', 'Unternehmen: Tischlerei Holz & Form', 'Beim Speichern erscheint ein Fehler.'],
    links: [],
    render: (name = person.name) =>
      composeFeedbackMail({
        to: SUPPORT,
        categoryLabel: 'Problem',
        sender: { name, email: person.to, roleLabel: 'Unternehmen', organizationName: 'Tischlerei Holz & Form' },
        pageUrl: `${PUBLIC_URL}/#/vacancies/42`,
        message: 'Beim Speichern erscheint ein Fehler.\nZweite Zeile.',
        hasScreenshot: false,
        receivedAt: '26.11.2026, 09:00',
      }),
  },
  {
    name: 'candidate-notifications',
    subject: 'Matchwerk: Neues zu deinen Anfragen',
    content: [
      'Hallo Lea,',
      'Tischlerei Holz & Form hat deine Anfrage angenommen.',
      'Autohaus Kolb hat dir 2 neue Nachrichten geschrieben.',
      'Keine E-Mails mehr zu Nachrichten',
      'Dein Matchwerk-Team',
    ],
    links: [
      `${PUBLIC_URL}/app/#/nachrichten/org-1`,
      `${PUBLIC_URL}/app/#/nachrichten/org-2`,
      `${PUBLIC_URL}/rest/applicant-notifications/unsubscribe?token=MESSAGE`,
    ],
    render: (name = 'Lea') =>
      composeCandidateMail({
        to: candidate.to,
        firstName: name,
        items: [
          {
            kind: 'MATCHING_ACCEPTED',
            organizationId: 'org-1',
            companyName: 'Tischlerei Holz & Form',
            createdAt: day('2026-12-07'),
          },
          { kind: 'MESSAGE', organizationId: 'org-2', companyName: 'Autohaus Kolb', createdAt: day('2026-12-07') },
          { kind: 'MESSAGE', organizationId: 'org-2', companyName: 'Autohaus Kolb', createdAt: day('2026-12-07') },
        ],
        publicUrl: PUBLIC_URL,
        unsubscribeUrl: (kinds) => `${PUBLIC_URL}/rest/applicant-notifications/unsubscribe?token=${kinds.join('-')}`,
        supportEmail: SUPPORT,
      }),
  },
];
