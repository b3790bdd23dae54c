import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { href, type VacancyListItem } from '@matchwerk/shared';
import type { MouseEvent } from 'react';
import { formatCalendarDay } from '../../../lib/calendar-day';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink, useNavigate } from '../../../lib/router';
import { vacancyPhotoUrl } from '../api/vacancies-api';
import type { VacancyListParams, VacancySortField } from '../lib/list-params';
import { VacancyActivity } from './vacancy-activity';
import { SalaryText, ScheduleText, StatusChip, twoLineClamp } from './vacancy-list-cells';
import { VacancyThumbnail } from './vacancy-thumbnail';

interface Column {
  key: string;
  label: string;
  sort?: VacancySortField;
}

function useColumns(showImages: boolean, showOrganization: boolean): Column[] {
  const { t } = useTranslation();
  return [
    ...(showImages ? [{ key: 'image', label: t('vacancies.colImage') }] : []),
    { key: 'title', label: t('vacancies.colTitle'), sort: 'title' },
    { key: 'description', label: t('vacancies.colDescription') },
    { key: 'contact', label: t('vacancies.colContact'), sort: 'contactName' },
    { key: 'salary', label: t('vacancies.colSalary') },
    ...(showOrganization
      ? [{ key: 'organization', label: t('vacancies.colOrganization'), sort: 'organizationName' as const }]
      : []),
    { key: 'start', label: t('vacancies.colStart'), sort: 'start' },
    { key: 'status', label: t('vacancies.colStatus') },
    { key: 'activity', label: 'Aktivität' },
    { key: 'share', label: t('vacancies.actions') },
  ];
}

/** A link to the editor that does not also trigger the row's click. */
function TitleLink({ item }: { item: VacancyListItem }) {
  return (
    <Link
      component={RouterLink}
      to={href('EditVacancy', { id: item.id })}
      onClick={(e: MouseEvent) => e.stopPropagation()}
      sx={{ fontWeight: 600 }}
    >
      {item.title}
    </Link>
  );
}

function ShareButton({ item, onShare }: { item: VacancyListItem; onShare: (item: VacancyListItem) => void }) {
  const { t } = useTranslation();
  return (
    <IconButton
      aria-label={t('vacancies.shareFor', { title: item.title })}
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onShare(item);
      }}
    >
      <ShareIcon />
    </IconButton>
  );
}

export interface VacancyTableProps {
  onDuplicate: (item: VacancyListItem) => void;
  duplicatingId: string | undefined;
  items: readonly VacancyListItem[];
  params: VacancyListParams;
  showImages: boolean;
  /** Off for an employer: its postings are all of its one company. */
  showOrganization?: boolean;
  onSort: (field: VacancySortField) => void;
  onShare: (item: VacancyListItem) => void;
}

/** Wider screens: one row per posting, sortable columns, the whole row opens the editor. */
export function VacancyTable({
  items,
  params,
  showImages,
  showOrganization = true,
  onSort,
  onShare,
  onDuplicate,
  duplicatingId,
}: VacancyTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useColumns(showImages, showOrganization);
  const open = (id: string) => void navigate(href('EditVacancy', { id }));
  return (
    <TableContainer>
      <Table aria-label={t('vacancies.tableLabel')} size="small" sx={{ '& td, & th': { px: 1.25, py: 1.25 } }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                sortDirection={column.sort && params.sort === column.sort ? params.order : false}
              >
                {column.sort ? (
                  <TableSortLabel
                    active={params.sort === column.sort}
                    direction={params.sort === column.sort ? params.order : 'asc'}
                    onClick={() => column.sort && onSort(column.sort)}
                  >
                    {column.label}
                    {params.sort === column.sort && (
                      <Box component="span" sx={visuallyHidden}>
                        {params.order === 'desc' ? t('vacancies.sortedDesc') : t('vacancies.sortedAsc')}
                      </Box>
                    )}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id} hover onClick={() => open(item.id)} sx={{ cursor: 'pointer' }}>
              {showImages && (
                <TableCell>
                  <VacancyThumbnail
                    src={item.image ? vacancyPhotoUrl(item.id, item.image) : null}
                    alt={t('vacancies.imageAlt', { title: item.title })}
                  />
                </TableCell>
              )}
              <TableCell sx={{ minWidth: 160, maxWidth: 240 }}>
                <TitleLink item={item} />
              </TableCell>
              <TableCell sx={{ minWidth: 140, maxWidth: 220 }}>
                <Typography variant="body2" color="text.secondary" sx={twoLineClamp}>
                  {item.descriptionExcerpt}
                </Typography>
              </TableCell>
              <TableCell>{item.contactName}</TableCell>
              <TableCell sx={{ minWidth: 90 }}>
                <SalaryText item={item} />
              </TableCell>
              {showOrganization && <TableCell>{item.organizationName}</TableCell>}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatCalendarDay(item.start)}</TableCell>
              <TableCell>
                <StatusChip active={item.active} />
                <ScheduleText item={item} />
              </TableCell>
              <TableCell>
                <VacancyActivity item={item} layout="stacked" />
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex' }}>
                  <ShareButton item={item} onShare={onShare} />
                  <IconButton
                    aria-label={t('vacancies.duplicateFor', { title: item.title })}
                    disabled={duplicatingId !== undefined}
                    onClick={(event: MouseEvent) => {
                      event.stopPropagation();
                      onDuplicate(item);
                    }}
                  >
                    <ContentCopyIcon />
                  </IconButton>
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
