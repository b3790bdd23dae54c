import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPersonName, openMatchingClosesAt, type OrganizationMatching } from '@matchwerk/shared';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PersonAvatar } from '../../../components/person/person-avatar';
import { marketplacePaths } from '../../../lib/api-paths';
import { dayjs, formatTimestamp } from '../../../lib/dayjs';
import { matchingKey } from '../api/matchings-api';
import { MatchingActions, type MatchingHandlers } from './matching-actions';

export interface MatchingListProps extends MatchingHandlers {
  matchings: OrganizationMatching[];
  /** Accessible name of the table or card list. */
  label: string;
  /** Cards instead of a table (phones, narrow windows). */
  asCards: boolean;
  /** The organisation's answer deadline: open requests show the day they close automatically (issue 48 item 6). */
  declineAfterDays?: number | undefined;
}

export function avatarUrlOf(matching: OrganizationMatching): string | null {
  const photoId = matching.applicant.photos[0] ?? matching.photos[0];
  return photoId ? marketplacePaths.applicantPhoto(matching.applicantId, photoId) : null;
}

/** The date the row is about: received for open matchings, decided for the others. */
function dateOf(matching: OrganizationMatching): string {
  return matching.state === 'OPEN' ? matching.createdAt : (matching.decidedAt ?? matching.createdAt);
}

/** "Wird am 21.12.2026 automatisch geschlossen" under an open request; nothing for decided ones. */
function ClosesOn({ matching, days }: { matching: OrganizationMatching; days: number | undefined }) {
  const { t } = useTranslation();
  if (matching.state !== 'OPEN' || days === undefined) return null;
  const closesAt = openMatchingClosesAt(matching.createdAt, days);
  return (
    <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
      {t('candidates.closesOn', { date: dayjs(closesAt).format('DD.MM.YYYY') })}
    </Typography>
  );
}

function CandidateName({ matching, id }: { matching: OrganizationMatching; id: string }) {
  const name = formatPersonName(matching.applicant);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <PersonAvatar name={name} src={avatarUrlOf(matching)} size={36} />
      {/* break-word, not anywhere: table columns keep whole words (no "Hübenbecke-r"). */}
      <Typography id={id} component="span" sx={{ fontWeight: 600, overflowWrap: 'break-word', minWidth: 0 }}>
        {name}
      </Typography>
    </Box>
  );
}

type RowProps = MatchingHandlers & { matching: OrganizationMatching; declineAfterDays: number | undefined };

function MatchingRow({ matching, declineAfterDays, ...handlers }: RowProps) {
  const nameId = useId();
  const date = dateOf(matching);
  return (
    <TableRow hover>
      <TableCell>
        <CandidateName matching={matching} id={nameId} />
      </TableCell>
      <TableCell>{matching.vacancyTitle}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <time dateTime={date}>{formatTimestamp(date)}</time>
        <ClosesOn matching={matching} days={declineAfterDays} />
      </TableCell>
      <TableCell align="right">
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <MatchingActions matching={matching} describedBy={nameId} noWrap {...handlers} />
        </Box>
      </TableCell>
    </TableRow>
  );
}

function MatchingCard({ matching, declineAfterDays, ...handlers }: RowProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const date = dateOf(matching);
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <CandidateName matching={matching} id={nameId} />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('candidates.colVacancy')}: <strong>{matching.vacancyTitle}</strong>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t(matching.state === 'OPEN' ? 'candidates.received' : 'candidates.decided', { date: formatTimestamp(date) })}
      </Typography>
      <ClosesOn matching={matching} days={declineAfterDays} />
      <Box sx={{ mt: 1.5 }}>
        <MatchingActions matching={matching} describedBy={nameId} {...handlers} />
      </Box>
    </Card>
  );
}

/** One group of matchings: a table on wide screens, cards on phones. */
export function MatchingList({ matchings, label, asCards, declineAfterDays, ...handlers }: MatchingListProps) {
  const { t } = useTranslation();
  if (asCards) {
    return (
      <Stack component="ul" spacing={1.5} aria-label={label} sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {matchings.map((matching) => (
          <Box component="li" key={matchingKey(matching)}>
            <MatchingCard matching={matching} declineAfterDays={declineAfterDays} {...handlers} />
          </Box>
        ))}
      </Stack>
    );
  }
  const decided = matchings[0]?.state !== 'OPEN';
  return (
    <TableContainer>
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('candidates.colCandidate')}</TableCell>
            <TableCell>{t('candidates.colVacancy')}</TableCell>
            <TableCell>{t(decided ? 'candidates.colDecided' : 'candidates.colReceived')}</TableCell>
            <TableCell align="right">{t('candidates.colActions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {matchings.map((matching) => (
            <MatchingRow
              key={matchingKey(matching)}
              matching={matching}
              declineAfterDays={declineAfterDays}
              {...handlers}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
