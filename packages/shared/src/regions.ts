export { REGION_LABELS, REGIONS, type Region } from './region-codes';
import { compareGerman } from './german-text';
import { REGION_LABELS, REGIONS, type Region } from './region-codes';

/** Regions in the order a select list shows them: alphabetical by label, "Sonstige" last. */
export interface RegionOption {
  value: Region;
  label: string;
}
export const REGION_OPTIONS: readonly RegionOption[] = [
  ...REGIONS.filter((r) => r !== 'OTHER')
    .map((value): RegionOption => ({ value, label: REGION_LABELS[value] }))
    // German order (DIN 5007-1) by the one shared normalisation, not `localeCompare`: that builds
    // an ICU collator in the browser, 20 ms of every screen's first load (ADR 0068, ADR 0117).
    .sort((a, b) => compareGerman(a.label, b.label)),
  { value: 'OTHER', label: REGION_LABELS.OTHER },
];

/** The separate location enumeration of spec §3. */
export const LOCATIONS = ['OEHRINGEN', 'BIRKENFELD'] as const satisfies readonly Region[];
export type Location = (typeof LOCATIONS)[number];

/** The further list of region codes named in spec §3 (regions with an active partner programme). */
export const PARTNER_REGION_CODES = [
  'SOEST',
  'BRILON',
  'WORMS',
  'SINDELFINGEN',
  'SCHMALLENBERG',
  'OLSBERG',
  'BARNIM',
  'NARGOLD',
  'ATTENDORN',
  'ANHALT_BITTERFELD',
  'LICHTENFELS',
  'HORB',
  'VALLENDAR',
  'MERSEBURG',
  'MONHEIM_AM_RHEIN',
] as const satisfies readonly Region[];

/**
 * Partner wordmarks shown in the sidebar per region (spec §6): most regions show one,
 * ATTENDORN, ANHALT_BITTERFELD, OEHRINGEN and BIRKENFELD show two or three.
 */
export const REGION_PARTNER_LOGOS: Partial<Record<Region, readonly string[]>> = {
  WORMS: ['Alzey · Worms · Frankenthal'],
  ATTENDORN: ['Hansestadt Attendorn', 'Stadt Plettenberg', 'Gemeinde Finnentrop'],
  ANHALT_BITTERFELD: ['Landkreis Anhalt-Bitterfeld', 'Wirtschaftsförderung Anhalt-Bitterfeld'],
  BARNIM: ['Barnimer Land'],
  BIRKENFELD: ['Landkreis Birkenfeld', 'Wirtschaftsförderung Birkenfeld'],
  BRILON: ['Stadt Brilon'],
  ESSLINGEN: ['Landkreis Esslingen'],
  VALLENDAR: ['Realschule plus Vallendar'],
  LICHTENFELS: ['Landkreis Lichtenfels'],
  MONHEIM_AM_RHEIN: ['Monheim am Rhein'],
  OEHRINGEN: ['Stadt Öhringen', 'Gewerbe- und Handelsverein Öhringen'],
  MERSEBURG: ['Saalekreis'],
  NARGOLD: ['Stadt Nagold'],
  SOEST: ['Kreis Soest'],
  OLSBERG: ['Stadt Olsberg'],
  RHEIN_NECKAR: ['Rhein-Neckar · Mannheim · Heidelberg'],
  SCHMALLENBERG: ['Stadt Schmallenberg'],
  SINDELFINGEN: ['Sindelfingen · Böblingen · Calw'],
  HORB: ['Stadt Horb a. N.'],
};
