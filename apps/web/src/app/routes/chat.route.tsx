import '../../lib/locales/register-marketplace-texts';
import { useParams } from '../../lib/router';
import { chatQueryOptions } from '../../features/chats/api/chats-api';
import { ChatScreen } from '../../features/chats/components/chat-screen';
import type { RoutePrefetch } from '../route-prefetch';

export function Component() {
  const { id } = useParams();
  return id ? <ChatScreen key={id} applicantId={id} /> : null;
}

export const prefetch: RoutePrefetch = (queryClient, { params }) => {
  if (params.id) void queryClient.prefetchQuery(chatQueryOptions(params.id));
};
