import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from '../../../../lib/i18n';
import { PostingDetail, type PostingDetailData } from '../../../../components/posting/posting-detail';

export interface VacancyPreviewDialogProps {
  /** The posting to show; null closes the dialog. */
  preview: PostingDetailData | null;
  onClose: () => void;
}

/** "Vorschau": the posting as candidates see it on the public page (the same detail view). */
export function VacancyPreviewDialog({ preview, onClose }: VacancyPreviewDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={preview !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="vacancy-preview-title"
      scroll="paper"
    >
      <DialogTitle id="vacancy-preview-title" sx={{ pb: 1 }}>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {t('vacancies.previewTitle')}
        </Typography>
        <Typography
          component="span"
          variant="h1"
          sx={{ display: 'block', fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
        >
          {preview?.title}
        </Typography>
      </DialogTitle>
      {/* Scrollable content must take keyboard focus (axe scrollable-region-focusable). */}
      <DialogContent dividers tabIndex={0}>
        {preview && (
          <PostingDetail
            vacancy={preview}
            companyNote={
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('vacancies.previewNote')}
              </Alert>
            }
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {t('vacancies.previewClose')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
