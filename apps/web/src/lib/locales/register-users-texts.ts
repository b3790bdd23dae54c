// Side-effect module: adds the user administration texts to the German resources. Imported
// first by the users feature's screen.
import { i18n } from '../i18n';
import { deUsers } from './de-users';

if (!i18n.exists('users.title')) {
  i18n.addResourceBundle('de', 'translation', deUsers, true, false);
}
