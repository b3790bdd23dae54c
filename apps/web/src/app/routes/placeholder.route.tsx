import { PlaceholderScreen } from '../../features/placeholders/components/placeholder-screen';
import { useCurrentRouteName } from '../../lib/route-handle';

export function Component() {
  const route = useCurrentRouteName();
  return route ? <PlaceholderScreen route={route} /> : null;
}
