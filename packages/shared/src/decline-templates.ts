/**
 * Friendly decline messages (issue 14). The employer picks one in the decline dialog and may
 * edit the text before sending; the candidate reads it with the declined matching in the
 * candidate API. The automatic decline after the answer deadline sends AUTO_DECLINE_MESSAGE.
 */

/** Longest decline message; a longer one is refused (400), never cut. */
export const DECLINE_MESSAGE_MAX_LENGTH = 1000;

export interface DeclineTemplate {
  id: string;
  /** Shown in the template select. */
  label: string;
  text: string;
}

export const DECLINE_TEMPLATES: readonly DeclineTemplate[] = [
  {
    id: 'filled',
    label: 'Stelle bereits vergeben',
    text:
      'Vielen Dank für Ihr Interesse an unserem Unternehmen! Leider haben wir die Stelle inzwischen vergeben. ' +
      'Wir wünschen Ihnen viel Erfolg bei Ihrer weiteren Suche.',
  },
  {
    id: 'profile',
    label: 'Passt nicht zum Profil',
    text:
      'Vielen Dank für Ihr Interesse! Nach sorgfältiger Prüfung haben wir uns für andere Bewerberinnen und Bewerber entschieden, ' +
      'deren Profil noch besser zu dieser Stelle passt. Wir wünschen Ihnen alles Gute und viel Erfolg.',
  },
  {
    id: 'later',
    label: 'Gern später wieder',
    text:
      'Vielen Dank für Ihr Interesse! Für diese Stelle können wir Ihnen leider keine Zusage geben. ' +
      'Schauen Sie gern wieder bei uns vorbei – vielleicht passt eine unserer nächsten Stellenanzeigen zu Ihnen.',
  },
];

/** Sent to the candidate when the employer has not answered within the region's deadline. */
export const AUTO_DECLINE_MESSAGE =
  'Vielen Dank für Ihr Interesse! Leider hat das Unternehmen Ihre Anfrage nicht rechtzeitig beantwortet. ' +
  'Deshalb haben wir sie geschlossen, damit Sie nicht länger warten müssen. Es gibt viele weitere spannende Stellen – viel Erfolg bei Ihrer Suche!';
