// Side-effect module: adds the company-profile and postings texts to the German resources.
// Imported first by the route modules that need them.
import { i18n } from '../i18n';
import { deCompany } from './de-company';

if (!i18n.hasResourceBundle('de', 'translation') || !i18n.exists('vacancies.create')) {
  i18n.addResourceBundle('de', 'translation', deCompany, true, false);
}
