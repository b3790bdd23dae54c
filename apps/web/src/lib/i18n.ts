import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
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

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Screen texts loaded with their lazy routes are typed here too.
    resources: { translation: typeof de & typeof deCompany & typeof deMarketplace & typeof deAudit & typeof deUsers & typeof deTeam & typeof deOrganizations & typeof deHelp & typeof deJobWidget & typeof dePreview & typeof deDataProtection & typeof deCandidateFollowUp };
  }
}

// German is the only UI language (spec §1); texts from the contract come from @matchwerk/shared.
void i18n.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  resources: { de: { translation: de } },
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

export { i18n };
