import { ChatsScreen } from '../../features/chats/components/chats-screen';

export function Component() {
  return <ChatsScreen />;
}
