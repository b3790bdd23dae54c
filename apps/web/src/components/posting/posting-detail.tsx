import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  BENEFIT_LABELS,
  CANDIDATE_APP_CALL_TO_ACTION,
  CANDIDATE_APP_START_PATH,
  candidateAppPostingPath,
  formatEuro,
  ORGANIZATION_LINK_LABELS,
  POSTING_TYPE_LABELS,
  type PublicVacancy,
} from '@matchwerk/shared';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import '../../lib/locales/register-preview-texts';
import { formatDate } from '../../lib/dayjs';
import { sanitizeRichText } from '../../lib/sanitize';

/**
 * The call to action: candidates apply in the Matchwerk app. On a posting its button opens that
 * posting in the app (sign-up there leads back to it); elsewhere the app's start.
 */
export function AppCallToAction({ vacancyId }: { vacancyId?: string }) {
  return (
    <Paper
      component="section"
      aria-labelledby="app-cta-title"
      sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      <Typography id="app-cta-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {CANDIDATE_APP_CALL_TO_ACTION.title}
      </Typography>
      <Typography>{CANDIDATE_APP_CALL_TO_ACTION.text}</Typography>
      <Button
        href={vacancyId ? candidateAppPostingPath(vacancyId) : CANDIDATE_APP_START_PATH}
        variant="contained"
        sx={{ mt: 2, bgcolor: 'common.white', color: 'primary.dark', '&:hover': { bgcolor: 'grey.100' } }}
      >
        {vacancyId ? CANDIDATE_APP_CALL_TO_ACTION.postingButton : CANDIDATE_APP_CALL_TO_ACTION.appButton}
      </Button>
    </Paper>
  );
}

function RichSection({ title, html }: { title: string; html: string | null }) {
  if (!html) return null;
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {title}
      </Typography>
      {/* Sanitised by the server and here again (rich-text policy, ADR 0019). */}
      <Box
        sx={{ '& p': { mt: 0 }, overflowWrap: 'anywhere' }}
        dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
      />
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || (typeof children === 'string' && children.trim() === ''))
    return null;
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

/** What the detail shows: a public posting; photo sizes may be unknown (the editor's preview). */
export type PostingDetailData = Omit<PublicVacancy, 'photos' | 'publicPath' | 'region'> & {
  photos: { id: string; url: string; width?: number; height?: number }[];
  /** Path of the public page; null where there is none yet (the editor's preview). */
  publicPath: string | null;
};

export interface PostingDetailProps {
  vacancy: PostingDetailData;
  /** The company box below the call to action (the editor's preview adds a hint there). */
  companyNote?: ReactNode;
}

/**
 * A posting exactly as candidates and the public see it (the external preview's detail and the
 * editor's "Vorschau" share it). Without the title: the frame around it shows that as its heading.
 */
export function PostingDetail({ vacancy, companyNote }: PostingDetailProps) {
  const { t } = useTranslation();
  const { organization, location } = vacancy;
  const start = vacancy.startOfTraining ?? vacancy.start;
  const street = [location.street, location.streetNumber].filter(Boolean).join(' ');
  const links = (Object.entries(organization.links) as [keyof typeof ORGANIZATION_LINK_LABELS, string | null][]).filter(
    (entry): entry is [keyof typeof ORGANIZATION_LINK_LABELS, string] => Boolean(entry[1]),
  );
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        {organization.logoUrl && (
          <Box
            component="img"
            src={organization.logoUrl}
            alt={t('preview.logoOf', { name: organization.name })}
            width={56}
            height={56}
            sx={{ objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
          />
        )}
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{organization.name}</Typography>
          {organization.branch && <Typography color="text.secondary">{organization.branch}</Typography>}
        </Box>
        <Chip label={POSTING_TYPE_LABELS[vacancy.type]} sx={{ ml: 'auto' }} />
      </Box>

      <Paper variant="outlined" component="section" aria-labelledby="facts-title" sx={{ p: 2 }}>
        <Typography id="facts-title" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          {t('preview.facts')}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
          }}
        >
          <Fact label={t('preview.factType')}>{POSTING_TYPE_LABELS[vacancy.type]}</Fact>
          <Fact label={t('preview.factOccupation')}>{vacancy.trainingOccupationName}</Fact>
          <Fact label={t('preview.factPlace')}>
            {[street, `${location.zipCode} ${location.city}`].filter(Boolean).join(', ')}
          </Fact>
          <Fact label={t('preview.factStart')}>{start ? formatDate(start) : null}</Fact>
          <Fact label={t('preview.factDuration')}>{vacancy.duration}</Fact>
          <Fact label={t('preview.factDeadline')}>
            {vacancy.applicationDeadline ? formatDate(vacancy.applicationDeadline) : null}
          </Fact>
          {vacancy.compensation.salaryPerTrainingYear.map((amount, index) => (
            <Fact key={index} label={t('preview.payYearLabel', { year: index + 1 })}>
              {t('preview.perMonth', { amount: formatEuro(amount) })}
            </Fact>
          ))}
          <Fact label={t('preview.factSalaryRange')}>{vacancy.salaryRange}</Fact>
          <Fact label={t('preview.factAdditional')}>{vacancy.compensation.additionalCompensation}</Fact>
        </Box>
        {location.geo && (
          <Typography sx={{ mt: 1.5 }}>
            <Link
              href={`https://www.openstreetmap.org/?mlat=${location.geo.lat}&mlon=${location.geo.lng}#map=15/${location.geo.lat}/${location.geo.lng}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('preview.map')}
            </Link>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              {t('preview.mapHint')}
            </Typography>
          </Typography>
        )}
      </Paper>

      {vacancy.photos.length > 0 && (
        <Box
          component="section"
          aria-label={t('preview.photos')}
          sx={{
            display: 'grid',
            gap: 1,
            mt: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(240px, 1fr))' },
          }}
        >
          {vacancy.photos.map((photo, index) => (
            <Box
              key={photo.id}
              component="img"
              src={photo.url}
              alt={t('preview.photoOf', { index: index + 1, count: vacancy.photos.length, title: vacancy.title })}
              {...(photo.width && photo.height ? { width: photo.width, height: photo.height } : {})}
              loading={index === 0 ? 'eager' : 'lazy'}
              sx={{ width: '100%', height: 'auto', borderRadius: 1 }}
            />
          ))}
        </Box>
      )}

      <RichSection title={t('preview.description')} html={vacancy.description} />
      <RichSection title={t('preview.tasks')} html={vacancy.taskDescription} />
      <RichSection title={t('preview.lookingFor')} html={vacancy.whatWereLookingFor} />
      <RichSection title={t('preview.about')} html={vacancy.about} />
      {(vacancy.benefits.length > 0 || vacancy.additionalBenefits) && (
        <Box component="section" sx={{ mt: 3 }}>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {t('preview.benefits')}
          </Typography>
          {vacancy.benefits.length > 0 && (
            <ul>
              {vacancy.benefits.map((benefit) => (
                <li key={benefit}>{BENEFIT_LABELS[benefit]}</li>
              ))}
            </ul>
          )}
          {vacancy.additionalBenefits && (
            <Box dangerouslySetInnerHTML={{ __html: sanitizeRichText(vacancy.additionalBenefits) }} />
          )}
        </Box>
      )}

      <Box sx={{ my: 3 }}>
        {/* The editor's preview has no public posting yet: its button opens the app's start. */}
        <AppCallToAction vacancyId={vacancy.publicPath ? vacancy.id : undefined} />
      </Box>

      <Paper variant="outlined" component="section" aria-labelledby="company-title" sx={{ p: 2 }}>
        <Typography id="company-title" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          {t('preview.company', { name: organization.name })}
        </Typography>
        {organization.about && <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>{organization.about}</Typography>}
        {organization.employeeCount && (
          <Typography>{t('preview.employees', { count: organization.employeeCount })}</Typography>
        )}
        {organization.contactPhone && (
          <Typography>
            {t('preview.phone')}:{' '}
            <Link href={`tel:${organization.contactPhone.replace(/[^+0-9]/g, '')}`}>{organization.contactPhone}</Link>
          </Typography>
        )}
        {links.length > 0 && (
          <ul>
            {links.map(([key, href]) => (
              <li key={key}>
                <Link href={href} target="_blank" rel="noopener noreferrer">
                  {ORGANIZATION_LINK_LABELS[key]}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {companyNote}
      </Paper>
      {vacancy.publicPath && (
        <Typography sx={{ mt: 2 }}>
          <Link href={vacancy.publicPath}>{t('preview.publicPage')}</Link>
        </Typography>
      )}
    </>
  );
}
