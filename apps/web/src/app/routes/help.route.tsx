import { HelpScreen } from '../../features/help/components/help-screen';

export function Component() {
  return <HelpScreen />;
}
