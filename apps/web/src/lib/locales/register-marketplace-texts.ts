// Side-effect module: adds the marketplace texts (Anfragen, Nachrichten, Chat) to the German
// resources. Imported first by the route modules that need them.
import { i18n } from '../i18n';
import { deMarketplace } from './de-marketplace';

if (!i18n.exists('chats.send')) {
  i18n.addResourceBundle('de', 'translation', deMarketplace, true, false);
}
