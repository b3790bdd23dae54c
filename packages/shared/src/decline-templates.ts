/**
 * Friendly decline messages (issue 14). The employer picks one in the decline dialog and may
 * edit the text before sending; the candidate reads it with the declined matching in the
 * candidate API. The automatic decline after the answer deadline sends AUTO_DECLINE_MESSAGE.
 * They speak to a pupil: "du" (issue 48 item 11).
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
      'Vielen Dank für dein Interesse an unserem Unternehmen! Leider haben wir die Stelle inzwischen vergeben. ' +
      'Wir wünschen dir viel Erfolg bei deiner weiteren Suche.',
  },
  {
    id: 'profile',
    label: 'Passt nicht zum Profil',
    text:
      'Vielen Dank für dein Interesse! Wir haben uns alles genau angeschaut und uns für andere Bewerberinnen und Bewerber entschieden, ' +
      'die noch besser zu dieser Stelle passen. Wir wünschen dir alles Gute und viel Erfolg.',
  },
  {
    id: 'later',
    label: 'Gern später wieder',
    text:
      'Vielen Dank für dein Interesse! Für diese Stelle können wir dir leider keine Zusage geben. ' +
      'Schau gern wieder bei uns vorbei – vielleicht passt eine unserer nächsten Stellen zu dir.',
  },
];

/** Sent to the candidate when the employer has not answered within the region's deadline. */
export const AUTO_DECLINE_MESSAGE =
  'Vielen Dank für dein Interesse! Leider hat das Unternehmen deine Anfrage nicht rechtzeitig beantwortet. ' +
  'Deshalb haben wir sie geschlossen, damit du nicht länger warten musst. Es gibt viele weitere spannende Stellen – viel Erfolg bei deiner Suche!';
