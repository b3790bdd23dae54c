import '../../lib/locales/register-marketplace-texts';
import { ChatsScreen } from '../../features/chats/components/chats-screen';

export function Component() {
  return <ChatsScreen />;
}
