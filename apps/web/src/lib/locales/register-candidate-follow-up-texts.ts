// Side-effect module: adds the texts of issue 14 (notes, filters, deadlines) to the German
// resources. Imported first by the components that use them.
import { i18n } from '../i18n';
import { deCandidateFollowUp } from './de-candidate-follow-up';

if (!i18n.exists('candidateFollowUp.notesTitle')) {
  i18n.addResourceBundle('de', 'translation', deCandidateFollowUp, true, false);
}
