import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { DEFAULT_SNACKBAR_TIMEOUT_MS, formatMessage, UI_MESSAGES } from '@matchwerk/shared';
import { useTranslation } from '../../lib/i18n';
import { useSupportEmail } from '../../lib/session';
import { useUiStore } from '../../stores/ui-store';

/** Default snackbar (closes itself) and error snackbar (never times out), both at the top (spec §2, §8). */
export function AppSnackbars() {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  const { showDefaultSnackbar, defaultSnackbarText, hideSnackbar, showErrorSnackbar, hideError } = useUiStore();

  return (
    <>
      <Snackbar
        open={showDefaultSnackbar}
        autoHideDuration={DEFAULT_SNACKBAR_TIMEOUT_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') hideSnackbar();
        }}
        message={defaultSnackbarText}
        action={
          <IconButton size="small" color="inherit" aria-label={t('common.close')} onClick={hideSnackbar}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      />
      <Snackbar open={showErrorSnackbar} sx={{ top: { xs: 72, sm: 24 } }}>
        <Alert
          severity="error"
          variant="filled"
          role="alert"
          sx={{ maxWidth: 640 }}
          action={
            <IconButton size="small" color="inherit" aria-label={t('common.close')} onClick={hideError}>
              <CloseIcon fontSize="small" />
            </IconButton>
          }
        >
          {formatMessage(UI_MESSAGES.genericError, { email: supportEmail })}
        </Alert>
      </Snackbar>
    </>
  );
}
