import '../../lib/locales/register-marketplace-texts';
import { chatListQueryOptions } from '../../features/chats/api/chats-api';
import { ChatsScreen } from '../../features/chats/components/chats-screen';
import type { RoutePrefetch } from '../route-prefetch';

export function Component() {
  return <ChatsScreen />;
}

export const prefetch: RoutePrefetch = (queryClient) => {
  void queryClient.prefetchQuery(chatListQueryOptions);
};
