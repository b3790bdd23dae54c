// Side-effect module: adds the team and invitation texts to the German resources. Imported first
// by the team feature's components.
import { i18n } from '../i18n';
import { deTeam } from './de-team';

if (!i18n.exists('team.invite')) {
  i18n.addResourceBundle('de', 'translation', deTeam, true, false);
}
