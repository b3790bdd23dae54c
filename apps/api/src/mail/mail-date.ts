/** A day as German mails write it: TT.MM.JJJJ in Europe/Berlin (a deletion date, a deadline). */
const germanDay = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export function mailDate(at: Date): string {
  return germanDay.format(at);
}
