import '../../lib/locales/register-marketplace-texts';
import { CandidatesScreen } from '../../features/candidates/components/candidates-screen';

export function Component() {
  return <CandidatesScreen />;
}
