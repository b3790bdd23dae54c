import { AuthactionScreen } from '../../features/auth/components/authaction-screen';

export function Component() {
  return <AuthactionScreen />;
}
