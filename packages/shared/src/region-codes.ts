/**
 * Region codes and labels without zod: the web app's router builds the public preview routes from
 * them, and its entry chunk must stay free of zod (ADR 0032).
 */
/** Regions with their German labels, exactly as in spec §3 (label → value). */
export const REGION_LABELS = {
  WORMS: 'Alzey/Worms/Frankenthal',
  ATTENDORN: 'Attendorn/Plettenberg/Finnentrop',
  ANHALT_BITTERFELD: 'Anhalt-Bitterfeld',
  BARNIM: 'Barnimer Land',
  BIRKENFELD: 'Landkreis Birkenfeld',
  BRILON: 'Brilon',
  ESSLINGEN: 'Esslingen',
  VALLENDAR: 'Realschule plus in Vallendar',
  LICHTENFELS: 'Landkreis Lichtenfels',
  MONHEIM_AM_RHEIN: 'Monheim am Rhein',
  OEHRINGEN: 'Stadt Öhringen',
  MERSEBURG: 'Saalekreis',
  // The code is spelled NARGOLD in the product, although the town is Nagold.
  NARGOLD: 'Stadt Nagold',
  SOEST: 'Kreis Soest',
  OLSBERG: 'Stadt Olsberg',
  RHEIN_NECKAR: 'Rhein-Neckar/Mannheim/Heidelberg',
  SCHMALLENBERG: 'Schmallenberg',
  SINDELFINGEN: 'Sindelfingen/Böblingen/Calw',
  HORB: 'Horb a. N.',
  OTHER: 'Sonstige',
} as const;

export type Region = keyof typeof REGION_LABELS;
export const REGIONS = Object.keys(REGION_LABELS) as [Region, ...Region[]];
