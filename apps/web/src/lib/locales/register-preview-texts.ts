// Side-effect module: adds the external preview's texts to the German resources.
// Imported first by the preview's route module.
import { i18n } from '../i18n';
import { dePreview } from './de-preview';

if (!i18n.exists('preview.title')) {
  i18n.addResourceBundle('de', 'translation', dePreview, true, false);
}
