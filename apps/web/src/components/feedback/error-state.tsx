import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from '../../lib/i18n';

export interface ErrorStateProps {
  text?: string;
  onRetry?: () => void;
}

export function ErrorState({ text, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    >
      <AlertTitle>{t('feedback.errorTitle')}</AlertTitle>
      {text ?? t('feedback.loadFailed')}
    </Alert>
  );
}
