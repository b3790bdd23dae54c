import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { href, type VacancyListItem } from '@matchwerk/shared';
import { formatCalendarDay } from '../../../lib/calendar-day';
import { useTranslation } from '../../../lib/i18n';
import { Link as RouterLink } from '../../../lib/router';
import { vacancyPhotoUrl } from '../api/vacancies-api';
import { VacancyActivity } from './vacancy-activity';
import { ScheduleText, StatusChip, twoLineClamp } from './vacancy-list-cells';
import { VacancyThumbnail } from './vacancy-thumbnail';

export interface VacancyCardsProps {
  items: readonly VacancyListItem[];
  showImages: boolean;
  onShare: (item: VacancyListItem) => void;
  onDuplicate: (item: VacancyListItem) => void;
  duplicatingId: string | undefined;
}

/** Phones: one card per posting, the title is the link. */
export function VacancyCards({ items, showImages, onShare, onDuplicate, duplicatingId }: VacancyCardsProps) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={t('vacancies.tableLabel')}>
      {items.map((item) => (
        <Box component="li" key={item.id}>
          <Card variant="outlined">
            <CardActionArea
              component={RouterLink}
              to={href('EditVacancy', { id: item.id })}
              sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'flex-start', justifyContent: 'flex-start' }}
            >
              {showImages && (
                <VacancyThumbnail
                  src={item.image ? vacancyPhotoUrl(item.id, item.image) : null}
                  alt={t('vacancies.imageAlt', { title: item.title })}
                  size={64}
                />
              )}
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
                  <Typography
                    component="span"
                    sx={{ fontWeight: 600, color: 'primary.main', textDecoration: 'underline' }}
                  >
                    {item.title}
                  </Typography>
                  <StatusChip active={item.active} />
                </Box>
                <ScheduleText item={item} />
                <Typography variant="body2" color="text.secondary" sx={{ ...twoLineClamp, mt: 0.5 }}>
                  {item.descriptionExcerpt}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {[
                    item.organizationName,
                    item.contactName,
                    item.salaryRange,
                    item.start && `${t('vacancies.colStart')}: ${formatCalendarDay(item.start)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <Box sx={{ mt: 0.5 }}>
                  <VacancyActivity item={item} layout="inline" />
                </Box>
              </Box>
            </CardActionArea>
            <CardActions sx={{ pt: 0 }}>
              <Button
                size="small"
                startIcon={<ShareIcon />}
                onClick={() => onShare(item)}
                aria-label={t('vacancies.shareFor', { title: item.title })}
              >
                {t('vacancies.share')}
              </Button>
              <Button
                size="small"
                startIcon={<ContentCopyIcon />}
                loading={duplicatingId === item.id}
                disabled={duplicatingId !== undefined}
                onClick={() => onDuplicate(item)}
                aria-label={t('vacancies.duplicateFor', { title: item.title })}
              >
                {t('vacancies.duplicate')}
              </Button>
            </CardActions>
          </Card>
        </Box>
      ))}
    </Stack>
  );
}
