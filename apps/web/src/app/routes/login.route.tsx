import { LoginScreen } from '../../features/auth/components/login-screen';
import { useCurrentRouteName } from '../../lib/route-handle';

export function Component() {
  return <LoginScreen mode={useCurrentRouteName() === 'Signup' ? 'signup' : 'login'} />;
}
