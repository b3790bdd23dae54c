import type { TFunction } from 'i18next';
import { de } from './locales/de';
import type { deAudit } from './locales/de-audit';
import type { deCompany } from './locales/de-company';
import type { deMarketplace } from './locales/de-marketplace';
import type { dePreview } from './locales/de-preview';
import type { deOrganizations } from './locales/de-organizations';
import type { deTeam } from './locales/de-team';
import type { deHelp } from './locales/de-help';
import type { deJobWidget } from './locales/de-job-widget';
import type { deCandidateFollowUp } from './locales/de-candidate-follow-up';
import type { deUsers } from './locales/de-users';
import type { deDataProtection } from './locales/de-data-protection';
import type { deAdministration } from './locales/de-administration';

// i18next is used for its types only: they check every key and its variables at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Screen texts loaded with their lazy routes are typed here too.
    resources: {
      translation: typeof de &
        typeof deCompany &
        typeof deMarketplace &
        typeof deAudit &
        typeof deUsers &
        typeof deTeam &
        typeof deOrganizations &
        typeof deHelp &
        typeof deJobWidget &
        typeof dePreview &
        typeof deDataProtection &
        typeof deCandidateFollowUp &
        typeof deAdministration;
    };
  }
}

/*
 * German is the only UI language (spec §1), so the runtime of i18next + react-i18next (≈ 16 kB
 * gzip in every screen's first load, ADR 0053) is replaced by this lookup with the subset of
 * i18next's behaviour the texts use: dotted keys, `{{name}}` interpolation without escaping
 * (React escapes), plurals by `count` (`_zero` for 0 when present, then `_one`/`_other` by the
 * German plural rules, then the bare key), the key itself for a missing text, a placeholder kept
 * when its variable is not passed at all (i18next's `skipOnVariables`), empty when passed as
 * undefined or null.
 */
type Texts = { [key: string]: unknown };

const texts: Texts = {};
const pluralRules = new Intl.PluralRules('de');

function isTexts(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function merge(target: Texts, source: Texts, overwrite: boolean) {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isTexts(value) && isTexts(existing)) merge(existing, value, overwrite);
    else if (isTexts(value) && existing === undefined) merge((target[key] = {}), value, overwrite);
    else if (overwrite || existing === undefined) target[key] = value;
  }
}

function lookup(key: string): unknown {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (!isTexts(node)) return undefined;
    node = node[part];
  }
  return node;
}

function translate(key: string, options?: Record<string, unknown>): string {
  const count = options?.count;
  let text: unknown;
  if (typeof count === 'number') {
    if (count === 0) text = lookup(`${key}_zero`);
    text ??= lookup(`${key}_${pluralRules.select(count)}`);
  }
  text ??= lookup(key);
  if (typeof text !== 'string') return key;
  if (!options) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (placeholder, name: string) => {
    const variable = name.trim();
    if (!Object.hasOwn(options, variable)) return placeholder;
    const value = options[variable];
    if (value === undefined || value === null) return '';
    // Texts interpolate strings and numbers; i18next also joins anything else with `'' +`.
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
    return JSON.stringify(value) ?? '';
  });
}

// The typed signature of i18next's `t` over this implementation: same call shapes, same checks.
const t = translate as unknown as TFunction<'translation', undefined>;

export const i18n = {
  t,
  exists: (key: string) => lookup(key) !== undefined,
  hasResourceBundle: (_language: 'de', _namespace: 'translation') => Object.keys(texts).length > 0,
  /** Adds a screen's texts (loaded with its lazy route); `deep` merges, `overwrite` replaces existing texts. */
  addResourceBundle: (_language: 'de', _namespace: 'translation', bundle: Texts, _deep = true, overwrite = false) =>
    merge(texts, bundle, overwrite),
};

merge(texts, de, true);

/** The same hook shape as react-i18next's, without its runtime: the texts never change while the app runs. */
export function useTranslation() {
  return { t, i18n };
}
