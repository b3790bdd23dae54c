// Side-effect module: adds the data-protection texts (issue #14) to the German resources.
import { i18n } from '../i18n';
import { deDataProtection } from './de-data-protection';

if (!i18n.exists('dataProtection.retentionTitle')) {
  i18n.addResourceBundle('de', 'translation', deDataProtection, true, false);
}
