// Side-effect module: adds the help area's texts to the German resources. Imported first by the
// help feature's components.
import { i18n } from '../i18n';
import { deHelp } from './de-help';

if (!i18n.exists('help.feedbackTitle')) {
  i18n.addResourceBundle('de', 'translation', deHelp, true, false);
}
