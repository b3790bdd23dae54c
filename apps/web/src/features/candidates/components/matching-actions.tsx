import ChatIcon from '@mui/icons-material/ChatOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { href, type OrganizationMatching } from '@matchwerk/shared';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from '../../../lib/router';

export interface MatchingHandlers {
  onAccept: (matching: OrganizationMatching) => void;
  onDecline: (matching: OrganizationMatching) => void;
  onShowProfile: (matching: OrganizationMatching) => void;
}

export interface MatchingActionsProps extends MatchingHandlers {
  matching: OrganizationMatching;
  /** Id of the element naming the candidate: buttons keep short names and get the person as description. */
  describedBy: string;
  /** Hide "Profil ansehen" (inside the profile itself). */
  withProfile?: boolean;
  /** Keep the buttons on one line (table rows). */
  noWrap?: boolean;
}

/** Decline / accept for open matchings, "Zum Chat" for accepted ones, and the profile. */
export function MatchingActions({
  matching,
  describedBy,
  withProfile = true,
  noWrap = false,
  onAccept,
  onDecline,
  onShowProfile,
}: MatchingActionsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: noWrap ? 'nowrap' : 'wrap', whiteSpace: 'nowrap' }}>
      {withProfile && (
        <Button size="small" variant="text" aria-describedby={describedBy} onClick={() => onShowProfile(matching)}>
          {t('candidates.showProfile')}
        </Button>
      )}
      {matching.state === 'OPEN' && (
        <>
          <Button
            size="small"
            variant="outlined"
            color="error"
            aria-describedby={describedBy}
            onClick={() => onDecline(matching)}
          >
            {t('candidates.decline')}
          </Button>
          <Button size="small" variant="contained" aria-describedby={describedBy} onClick={() => onAccept(matching)}>
            {t('candidates.accept')}
          </Button>
        </>
      )}
      {matching.state === 'ACCEPTED' && (
        <Button
          size="small"
          variant="contained"
          startIcon={<ChatIcon aria-hidden />}
          component={RouterLink}
          to={href('Chat', { id: matching.applicantId })}
          aria-describedby={describedBy}
        >
          {t('candidates.toChat')}
        </Button>
      )}
      {/* The candidate ended contact (ADR 0101): the chat stays readable, nothing more can be sent. */}
      {matching.contactEnded && <Chip size="small" label={t('candidates.contactEnded')} />}
    </Stack>
  );
}
