import '../../../lib/locales/register-help-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  feedbackRequestSchema,
  formatNumber,
  type FeedbackCategory,
  type FeedbackCreated,
} from '@matchwerk/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form';
import { ACCEPT_ATTRIBUTE, isAcceptedImage } from '../../../lib/image-compression';
import { useSupportEmail } from '../../../lib/session';
import { useSendFeedback } from '../api/feedback-api';

const formSchema = feedbackRequestSchema.pick({ category: true, message: true });
type FormValues = z.input<typeof formSchema>;

export interface FeedbackFormProps {
  /** The screen the user came from (SPA path), sent along and shown. */
  page: string;
  initialCategory?: FeedbackCategory;
}

/**
 * Feedback to support (spec §2 Help, §8; ADR 0036). The user always learns whether it arrived:
 * a success message, or the reason with the support address — and the typed text stays.
 */
export function FeedbackForm({ page, initialCategory }: FeedbackFormProps) {
  const { t } = useTranslation();
  const supportEmail = useSupportEmail();
  const send = useSendFeedback();
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [screenshotError, setScreenshotError] = useState<string | null>(null);
  // A new key empties the native file input after "remove".
  const [fileInputKey, setFileInputKey] = useState(0);
  const [result, setResult] = useState<FeedbackCreated | null>(null);
  const fileId = useId();
  const fileHintId = useId();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { category: initialCategory ?? 'QUESTION', message: '' },
  });
  const { errors } = form.formState;
  const length = useWatch({ control: form.control, name: 'message' }).length;
  const over = length - FEEDBACK_MESSAGE_MAX_LENGTH;

  const removeScreenshot = () => {
    setScreenshot(null);
    setScreenshotError(null);
    setFileInputKey((key) => key + 1);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && !isAcceptedImage(file)) {
      removeScreenshot();
      setScreenshotError(t('help.screenshotInvalid'));
      return;
    }
    setScreenshotError(null);
    setScreenshot(file);
  };

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(
      { ...values, page, screenshot },
      {
        onSuccess: (created) => {
          setResult(created);
          form.reset({ category: values.category, message: '' });
          removeScreenshot();
        },
        onError: (error) => applyServerFieldErrors(error, form.setError),
      },
    ),
  );

  if (result) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" role="status">
          {result.mailed ? t('help.sent') : t('help.sentNotMailed')}
        </Alert>
        <Button variant="outlined" onClick={() => setResult(null)}>
          {t('help.sendAnother')}
        </Button>
      </Stack>
    );
  }

  const reason = isApiError(send.error) && send.error.status > 0 ? send.error.message : t('help.sendFailedNetwork');

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('help.feedbackTitle')}>
      {send.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('help.sendFailed', { reason: reason.endsWith('.') ? reason : `${reason}.`, email: supportEmail })}
        </Alert>
      )}
      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          <FormControl component="fieldset" error={Boolean(errors.category)}>
            <FormLabel component="legend">{t('help.category')}</FormLabel>
            <RadioGroup
              row
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
            >
              {FEEDBACK_CATEGORIES.map((category) => (
                <FormControlLabel
                  key={category}
                  value={category}
                  control={<Radio />}
                  label={FEEDBACK_CATEGORY_LABELS[category]}
                />
              ))}
            </RadioGroup>
            {errors.category && <FormHelperText>{errors.category.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <TextField
        {...form.register('message')}
        label={t('help.message')}
        multiline
        minRows={5}
        fullWidth
        margin="normal"
        required
        error={Boolean(errors.message) || over > 0}
        helperText={
          errors.message?.message ??
          (over > 0
            ? t('help.messageTooLong', { over: formatNumber(over, 0) })
            : t('help.messageHelp', {
                length: formatNumber(length, 0),
                max: formatNumber(FEEDBACK_MESSAGE_MAX_LENGTH, 0),
              }))
        }
      />
      <Typography sx={{ mt: 1, overflowWrap: 'anywhere' }}>{t('help.page', { page })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('help.pageHelp')}
      </Typography>
      <Box sx={{ mt: 2 }}>
        <Typography component="label" htmlFor={fileId} sx={{ display: 'block', fontWeight: 500, mb: 0.5 }}>
          {t('help.screenshot')}
        </Typography>
        <input
          key={fileInputKey}
          id={fileId}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          onChange={onFile}
          aria-describedby={fileHintId}
          style={{ maxWidth: '100%' }}
        />
        <Typography
          id={fileHintId}
          variant="body2"
          color={screenshotError ? 'error' : 'text.secondary'}
          sx={{ mt: 0.5 }}
        >
          {screenshotError ?? t('help.screenshotHint')}
        </Typography>
        {screenshot && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {t('help.screenshotChosen', { name: screenshot.name })}
            </Typography>
            <Button size="small" onClick={removeScreenshot}>
              {t('help.screenshotRemove')}
            </Button>
          </Box>
        )}
      </Box>
      <Button type="submit" variant="contained" sx={{ mt: 3 }} loading={send.isPending}>
        {t('help.send')}
      </Button>
    </Box>
  );
}
