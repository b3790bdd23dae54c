import '../../lib/locales/register-marketplace-texts';
import { useParams } from 'react-router';
import { ChatScreen } from '../../features/chats/components/chat-screen';

export function Component() {
  const { id } = useParams();
  return id ? <ChatScreen key={id} applicantId={id} /> : null;
}
