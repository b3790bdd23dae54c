/**
 * German texts of the team section (Mein Unternehmen, /organization/:id) and of the invitation
 * link (/authaction?mode=invite). Registered when one of those screens loads
 * (`register-team-texts.ts`), so the login route does not download them.
 */
export const deTeam = {
  team: {
    titleOwn: 'Team',
    titleManage: 'Nutzer dieses Unternehmens',
    descriptionOwn:
      'Ihre Kolleginnen und Kollegen, die dieses Unternehmen bei Matchwerk vertreten. Eingeladene legen ihr Passwort selbst fest.',
    descriptionManage: 'Wer dieses Unternehmen bei Matchwerk vertritt, und offene Einladungen.',
    invite: 'Kollegin/Kollegen einladen',
    membersLabel: 'Mitglieder',
    invitationsTitle: 'Offene Einladungen',
    self: 'Sie',
    disabled: 'Deaktiviert',
    confirmed: 'E-Mail bestätigt',
    unconfirmed: 'E-Mail nicht bestätigt',
    lastSignIn: 'Zuletzt angemeldet: {{date}}',
    neverSignedIn: 'Noch nie angemeldet',
    invitedOn: 'Eingeladen am {{date}}',
    validUntil: 'gültig bis {{date}}',
    empty: 'Diesem Unternehmen ist noch niemand zugeordnet. Laden Sie die erste Person ein.',
    remove: 'Entfernen',
    removeLabel: '{{name}} entfernen',
    revoke: 'Zurückziehen',
    revokeLabel: 'Einladung an {{email}} zurückziehen',
    removeTitle: 'Kollegin/Kollegen entfernen?',
    removeText:
      '{{name}} ({{email}}) wird aus dem Unternehmen entfernt. Das Konto wird gelöscht, alle Anmeldungen enden sofort. Das lässt sich nicht rückgängig machen; Sie können die Person später neu einladen.',
    removeConfirm: 'Endgültig entfernen',
    removed: '{{name}} wurde entfernt.',
    revoked: 'Die Einladung an {{email}} wurde zurückgezogen.',
    inviteTitle: 'Kollegin/Kollegen einladen',
    inviteIntro:
      'Wir senden eine Einladung per E-Mail. Der Link ist {{days}} Tage gültig; damit legt die Person ihr Passwort selbst fest.',
    nameLabel: 'Name',
    inviteSubmit: 'Einladung senden',
    invited: 'Die Einladung an {{email}} ist unterwegs.',
  },
  invitation: {
    title: 'Einladung annehmen',
    intro: 'Sie wurden eingeladen, {{organization}} bei Matchwerk zu vertreten.',
    emailInfo: 'Ihr Konto: {{email}}',
    validUntil: 'Die Einladung ist gültig bis {{date}}.',
    nameLabel: 'Ihr Name',
    password: 'Passwort',
    repeatPassword: 'Passwort wiederholen',
    submit: 'Einladung annehmen',
    invalidTitle: 'Einladung ungültig oder abgelaufen',
    invalidText:
      'Der Link ist abgelaufen, wurde schon verwendet oder zurückgezogen. Bitten Sie die Person, die Sie eingeladen hat, um eine neue Einladung. Bei Fragen hilft Ihnen {{email}}.',
    takenTitle: 'Sie haben bereits ein Konto',
    takenText:
      'Für diese E-Mail-Adresse gibt es schon ein Matchwerk-Konto. Melden Sie sich damit an; falls Sie Ihr Passwort nicht mehr wissen, können Sie dort ein neues anfordern.',
    signInFailed:
      'Ihr Konto ist angelegt, die Anmeldung hat aber nicht geklappt. Bitte melden Sie sich mit Ihrer E-Mail-Adresse und dem neuen Passwort an.',
  },
};
