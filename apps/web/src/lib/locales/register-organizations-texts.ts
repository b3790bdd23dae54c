// Side-effect module: adds the organisations administration texts to the German resources.
// Imported first by the organisations screen and the organisation route.
import { i18n } from '../i18n';
import { deOrganizations } from './de-organizations';

if (!i18n.exists('organizations.title')) {
  i18n.addResourceBundle('de', 'translation', deOrganizations, true, false);
}
