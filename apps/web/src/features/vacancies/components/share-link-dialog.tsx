import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { publicPostingPath, type VacancyListItem } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { isApiError } from '../../../lib/api-client';
import { publicVacancyQueryOptions } from '../api/vacancies-api';

export interface ShareLinkDialogProps {
  vacancy: Pick<VacancyListItem, 'id' | 'title' | 'active'>;
  onClose: () => void;
}

const QR_SIZE = 240;

/** The QR code of the URL, drawn in the browser on a canvas (qrcode), downloadable as PNG. */
function QrCode({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'drawing' | 'ready' | 'failed'>('drawing');
  useEffect(() => {
    if (!canvas.current) return;
    QRCode.toCanvas(canvas.current, url, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M' }).then(
      () => setState('ready'),
      () => setState('failed'),
    );
  }, [url]);
  const download = () => {
    const link = document.createElement('a');
    link.href = canvas.current?.toDataURL('image/png') ?? '';
    link.download = 'stellenanzeige-qr-code.png';
    link.click();
  };
  return (
    <Box
      component="figure"
      sx={{ m: 0, mt: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}
    >
      <Box component="figcaption" sx={{ fontWeight: 600 }}>
        {t('vacancies.shareQr')}
      </Box>
      <canvas
        ref={canvas}
        width={QR_SIZE}
        height={QR_SIZE}
        role="img"
        aria-label={t('vacancies.shareQrAlt', { title })}
        hidden={state === 'failed'}
      />
      {state === 'failed' && <Alert severity="warning">{t('vacancies.shareQrFailed')}</Alert>}
      <Button variant="outlined" onClick={download} disabled={state !== 'ready'}>
        {t('vacancies.shareDownload')}
      </Button>
    </Box>
  );
}

/** "Link teilen": the posting's public URL with a copy button and a QR code — only while the public can see it. */
export function ShareLinkDialog({ vacancy, onClose }: ShareLinkDialogProps) {
  const { t } = useTranslation();
  const visible = useQuery({ ...publicVacancyQueryOptions(vacancy.id), enabled: vacancy.active });
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const url = `${window.location.origin}${publicPostingPath(vacancy.id)}`;
  const notPublic = isApiError(visible.error) && visible.error.status === 404;

  const copy = () => {
    // Browsers offer the clipboard only on https and localhost; elsewhere the user copies by hand.
    if (!('clipboard' in navigator)) {
      setCopyState('failed');
      return;
    }
    navigator.clipboard.writeText(url).then(
      () => setCopyState('copied'),
      () => setCopyState('failed'),
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="share-title" fullWidth maxWidth="sm">
      <DialogTitle id="share-title">{t('vacancies.shareTitle')}</DialogTitle>
      <DialogContent>
        {!vacancy.active && <Alert severity="info">{t('vacancies.shareInactive')}</Alert>}
        {vacancy.active && visible.isPending && (
          <>
            <Typography>{t('vacancies.shareChecking')}</Typography>
            <CenteredProgress />
          </>
        )}
        {vacancy.active && notPublic && <Alert severity="info">{t('vacancies.shareOrganizationHidden')}</Alert>}
        {vacancy.active && visible.isError && !notPublic && (
          <Alert severity="error">{t('vacancies.shareCheckFailed')}</Alert>
        )}
        {vacancy.active && visible.isSuccess && (
          <>
            <Typography sx={{ mb: 2 }}>{t('vacancies.shareIntro', { title: vacancy.title })}</Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label={t('vacancies.shareUrl')}
                value={url}
                fullWidth
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    onFocus: (event: FocusEvent<HTMLInputElement>) => event.target.select(),
                  },
                }}
              />
              <Button variant="contained" onClick={copy}>
                {t('vacancies.shareCopy')}
              </Button>
              <Link href={publicPostingPath(vacancy.id)} target="_blank" rel="noopener" sx={{ alignSelf: 'center' }}>
                {t('vacancies.shareOpen')}
              </Link>
            </Box>
            <Typography
              role="status"
              sx={{ mt: 1, minHeight: '1.5em', color: copyState === 'failed' ? 'error.main' : 'success.dark' }}
            >
              {copyState === 'copied'
                ? t('vacancies.shareCopied')
                : copyState === 'failed'
                  ? t('vacancies.shareCopyFailed')
                  : ''}
            </Typography>
            <QrCode url={url} title={vacancy.title} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('vacancies.shareClose')}</Button>
      </DialogActions>
    </Dialog>
  );
}
