// Side-effect module: adds the job widget texts to the German resources. Imported first by the
// job widget feature's components.
import { i18n } from '../i18n';
import { deJobWidget } from './de-job-widget';

if (!i18n.exists('jobWidget.title')) {
  i18n.addResourceBundle('de', 'translation', deJobWidget, true, false);
}
