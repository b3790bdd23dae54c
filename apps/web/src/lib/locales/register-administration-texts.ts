// Side-effect module: adds the administrators' area texts to the German resources. Imported first
// by the administration feature's components.
import { i18n } from '../i18n';
import { deAdministration } from './de-administration';

if (!i18n.exists('administration.intro')) {
  i18n.addResourceBundle('de', 'translation', deAdministration, true, false);
}
