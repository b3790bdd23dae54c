import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  CANDIDATE_STRENGTH_LABELS,
  formatPersonName,
  MATCHING_STATE_LABELS,
  POSTING_TYPE_LABELS,
  POSTING_TYPES,
  REGION_LABELS,
  type OrganizationMatching,
} from '@matchwerk/shared';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PersonAvatar } from '../../../components/person/person-avatar';
import { marketplacePaths } from '../../../lib/api-paths';
import { oneOf } from '../../../lib/list-url-state';
import { MatchingActions, type MatchingHandlers } from './matching-actions';
import { MatchingNotes } from './matching-notes';

/** YYYY-MM-DD as the German short date (no date library in this dialog). */
function germanDate(value: string): string {
  const [year, month, day] = value.split('-');
  return `${day}.${month}.${year}`;
}

/** Interests hold free words (hobbies) and posting-type codes (what the candidate looks for): codes show as their German label. */
function interestLabel(interest: string): string {
  return oneOf(POSTING_TYPES, interest) ? POSTING_TYPE_LABELS[interest] : interest;
}

export interface CandidateProfileDialogProps extends MatchingHandlers {
  /** The matching whose candidate is shown; null closes the dialog. */
  matching: OrganizationMatching | null;
  fullScreen: boolean;
  onClose: () => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function PhotoGallery({ matching, name }: { matching: OrganizationMatching; name: string }) {
  const { t } = useTranslation();
  const photos = matching.applicant.photos;
  if (photos.length === 0) return <PersonAvatar name={name} src={null} size={96} />;
  return (
    <Box
      component="ul"
      aria-label={t('candidates.photosLabel', { name })}
      // Scrolls sideways when there are many photos: reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', p: 0, m: 0, listStyle: 'none', pb: 1 }}
    >
      {photos.map((photoId, index) => (
        <Box component="li" key={photoId} sx={{ flexShrink: 0 }}>
          <Box
            component="img"
            src={marketplacePaths.applicantPhoto(matching.applicantId, photoId)}
            alt={t('candidates.photoAlt', { n: String(index + 1), name })}
            loading="lazy"
            sx={{ width: 160, height: 200, objectFit: 'cover', borderRadius: 2, display: 'block', bgcolor: 'grey.100' }}
          />
        </Box>
      ))}
    </Box>
  );
}

/** The candidate's profile as the organisation may see it, with the decision buttons while open. */
export function CandidateProfileDialog({ matching, fullScreen, onClose, ...handlers }: CandidateProfileDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={matching !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      {matching && <ProfileContent matching={matching} titleId={titleId} onClose={onClose} {...handlers} />}
    </Dialog>
  );
}

function ProfileContent({
  matching,
  titleId,
  onClose,
  ...handlers
}: MatchingHandlers & { matching: OrganizationMatching; titleId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const applicant = matching.applicant;
  const name = formatPersonName(applicant);
  // The API sends the age in years, never the birth date (ADR 0096).
  const age = applicant.age;
  const none = t('candidates.notProvided');
  return (
    <>
      <DialogTitle id={titleId}>{t('candidates.profileTitle', { name })}</DialogTitle>
      {/* Long profiles scroll (small screens): focusable so the keyboard can scroll them. */}
      <DialogContent dividers tabIndex={0}>
        <PhotoGallery matching={matching} name={name} />
        <Box component="dl" sx={{ mt: 2, mb: 0 }}>
          <Fact label={t('candidates.vacancy')}>{matching.vacancyTitle}</Fact>
          {matching.state !== 'OPEN' && (
            <Fact label={t('candidates.status')}>{MATCHING_STATE_LABELS[matching.state]}</Fact>
          )}
          <Fact label={t('candidates.age')}>{age === null ? none : t('candidates.ageYears', { count: age })}</Fact>
          <Fact label={t('candidates.school')}>{applicant.school ?? none}</Fact>
          <Fact label={t('candidates.region')}>{applicant.region ? REGION_LABELS[applicant.region] : none}</Fact>
          <Fact label={t('candidates.availableFrom')}>
            {applicant.availableFrom ? germanDate(applicant.availableFrom) : none}
          </Fact>
          <Fact label={t('candidates.strengths')}>
            {applicant.strengths.length === 0
              ? none
              : applicant.strengths.map((strength) => CANDIDATE_STRENGTH_LABELS[strength]).join(', ')}
          </Fact>
        </Box>
        {matching.note && (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
              {t('candidates.candidateNote')}
            </Typography>
            {/* The candidate's words with the interest: plain text, React escapes it; line breaks are kept. */}
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{matching.note}</Typography>
          </>
        )}
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
          {t('candidates.about')}
        </Typography>
        {/* Plain text, never HTML: React escapes it; line breaks are kept. */}
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {applicant.about?.trim() || none}
        </Typography>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
          {t('candidates.interests')}
        </Typography>
        {applicant.interests.length === 0 ? (
          <Typography>{none}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, mt: 0.5, listStyle: 'none' }}
          >
            {applicant.interests.map((interest) => (
              <li key={interest}>
                <Chip label={interestLabel(interest)} variant="outlined" />
              </li>
            ))}
          </Box>
        )}
        {/* Internal notes of the organisation (issue 14). */}
        <MatchingNotes matching={matching} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <MatchingActions matching={matching} describedBy={titleId} withProfile={false} {...handlers} />
      </DialogActions>
    </>
  );
}
