import '../../../lib/locales/register-audit-texts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { AuditChange, AuditEntry } from '@matchwerk/shared';
import { useInfiniteQuery, useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/feedback/empty-state';
import { ErrorState } from '../../../components/feedback/error-state';
import { FormSection } from '../../../components/layout/form-section';
import { formatTimestamp } from '../../../lib/dayjs';
import { auditHistoryQueryOptions, type AuditSubject } from '../api/audit-api';
import { formatAuditValue } from '../lib/format-audit-value';

export type AuditHistoryProps = { organizationId: string } | { userId: string };

/** The history's own subject, whose name the rows need not repeat; none for the whole log. */
function subjectId(subject: AuditSubject): string {
  if ('all' in subject) return '';
  return 'organizationId' in subject ? subject.organizationId : subject.userId;
}

function ChangeLines({ changes }: { changes: AuditChange[] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <>{t('audit.noChanges')}</>;
  const texts = { yes: t('audit.yes'), no: t('audit.no'), none: t('audit.none') };
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {changes.map((change) => (
        <Box component="li" key={change.field} sx={{ overflowWrap: 'anywhere' }}>
          {t('audit.changeLine', {
            label: change.label,
            before: formatAuditValue(change.field, change.before, texts),
            after: formatAuditValue(change.field, change.after, texts),
          })}
        </Box>
      ))}
    </Box>
  );
}

/** "Was": the action, and whom it concerned when that is not the history's own subject (a user in an organisation's history). */
function ActionText({ entry, ownId }: { entry: AuditEntry; ownId: string }) {
  return (
    <>
      {entry.actionLabel}
      {entry.target.label && entry.target.id !== ownId && (
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {entry.target.label}
        </Typography>
      )}
    </>
  );
}

function HistoryTable({ entries, ownId }: { entries: AuditEntry[]; ownId: string }) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t('audit.tableLabel')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('audit.at')}</TableCell>
          <TableCell>{t('audit.actor')}</TableCell>
          <TableCell>{t('audit.action')}</TableCell>
          <TableCell>{t('audit.changes')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(entry.at)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.actorLabel}</TableCell>
            <TableCell>
              <ActionText entry={entry} ownId={ownId} />
            </TableCell>
            <TableCell>
              <ChangeLines changes={entry.changes} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Below 600 px the four columns do not fit: one block per entry, same content, same order. */
function HistoryList({ entries, ownId }: { entries: AuditEntry[]; ownId: string }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-label={t('audit.tableLabel')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {entries.map((entry) => (
        <Box component="li" key={entry.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {formatTimestamp(entry.at)} · {entry.actorLabel}
          </Typography>
          <Typography sx={{ fontWeight: 600 }} component="div">
            <ActionText entry={entry} ownId={ownId} />
          </Typography>
          <Typography variant="body2" component="div">
            <ChangeLines changes={entry.changes} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function LoadingRows() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} variant="text" height={32} />
      ))}
    </Box>
  );
}

/**
 * "Verlauf": the audit history of one organisation or one user, newest first, 20 at a time
 * with "Mehr laden". Only admins and partners of the region get an answer; the screens show it
 * only to them.
 */
export function AuditHistory(props: AuditHistoryProps) {
  const { t } = useTranslation();
  const subject: AuditSubject =
    'organizationId' in props ? { organizationId: props.organizationId } : { userId: props.userId };
  return (
    <FormSection title={t('audit.title')} description={t('audit.intro')}>
      <AuditEntries subject={subject} />
    </FormSection>
  );
}

/** The entries of one history or of the whole log: table (list on phones), "Mehr laden", loading, empty, error. */
export function AuditEntries({ subject }: { subject: AuditSubject }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const query = useInfiniteQuery(auditHistoryQueryOptions(subject));
  const ownId = subjectId(subject);
  // A change made on the same screen (toggle, save, invitation) adds an entry: reload once every
  // running mutation has finished, without the other features knowing about this section.
  const mutating = useIsMutating();
  const wasMutating = useRef(false);
  const { refetch } = query;
  useEffect(() => {
    if (mutating > 0) wasMutating.current = true;
    else if (wasMutating.current) {
      wasMutating.current = false;
      void refetch();
    }
  }, [mutating, refetch]);

  let content;
  if (query.isPending) content = <LoadingRows />;
  else if (query.isError) content = <ErrorState onRetry={() => void query.refetch()} />;
  else {
    const entries = query.data.pages.flatMap((page) => page.items);
    const total = query.data.pages.at(-1)?.total ?? entries.length;
    content =
      entries.length === 0 ? (
        <EmptyState text={t('audit.empty')} />
      ) : (
        <>
          {narrow ? <HistoryList entries={entries} ownId={ownId} /> : <HistoryTable entries={entries} ownId={ownId} />}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('audit.shownOf', {
                shown: entries.length.toLocaleString('de-DE'),
                total: total.toLocaleString('de-DE'),
              })}
            </Typography>
            {query.hasNextPage && (
              <Button variant="outlined" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                {t('audit.loadMore')}
              </Button>
            )}
          </Box>
        </>
      );
  }
  return content;
}
