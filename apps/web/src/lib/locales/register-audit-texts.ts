// Side-effect module: adds the audit history texts to the German resources. Imported first by
// the audit feature's component.
import { i18n } from '../i18n';
import { deAudit } from './de-audit';

if (!i18n.exists('audit.title')) {
  i18n.addResourceBundle('de', 'translation', deAudit, true, false);
}
