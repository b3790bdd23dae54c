import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../lib/router';
import { decidePostLogin, reloadAtRoot, type PostLoginDecision } from '../../../lib/access';
import { currentUserQueryOptions, fetchCurrentUser, signOut } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';

/**
 * After a successful sign-in (or a verification that signed the user in): load the user and
 * route on as spec §2 says. Returns the decision so the screen can show what needs showing.
 */
export function usePostLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setApplicantRefused = useUiStore((s) => s.setApplicantRefused);

  return async (redirectParam: string | null): Promise<PostLoginDecision | 'signedOut'> => {
    const user = await fetchCurrentUser();
    if (!user) return 'signedOut';
    const decision = decidePostLogin({ user, redirectParam, mobileView: useUiStore.getState().mobileView });
    switch (decision.kind) {
      case 'applicantRefused':
        setApplicantRefused(true);
        await signOut().catch((error: unknown) => console.error(error));
        queryClient.setQueryData(currentUserQueryOptions.queryKey, null);
        break;
      case 'emailNotVerified':
        break;
      case 'reloadRoot':
        reloadAtRoot();
        break;
      case 'navigate':
        setApplicantRefused(false);
        queryClient.setQueryData(currentUserQueryOptions.queryKey, user);
        await navigate(decision.to, { replace: true });
        break;
    }
    return decision;
  };
}
