import '../../../lib/locales/register-candidate-follow-up-texts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  DECLINE_MESSAGE_MAX_LENGTH,
  DECLINE_TEMPLATES,
  formatPersonName,
  formatNumber,
  type OrganizationMatching,
} from '@matchwerk/shared';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FormTextField } from '../../../components/form/form-text-field';

export interface DeclineDialogProps {
  open: boolean;
  /** Stays set while the dialog fades out, so its text does not vanish. */
  matching: OrganizationMatching | null;
  onConfirm: (message: string) => void;
  onClose: () => void;
}

/**
 * Decline with an optional friendly message (issue 14): a template fills the text, which stays
 * editable; over-long text is refused (button off, counter red), never cut.
 */
export function DeclineDialog({ open, matching, onConfirm, onClose }: DeclineDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="sm">
      {/* Mounted per opening (the dialog unmounts its content when closed): each starts without a message. */}
      <DeclineForm matching={matching} titleId={titleId} textId={textId} onConfirm={onConfirm} onClose={onClose} />
    </Dialog>
  );
}

function DeclineForm({
  matching,
  titleId,
  textId,
  onConfirm,
  onClose,
}: Omit<DeclineDialogProps, 'open'> & { titleId: string; textId: string }) {
  const { t } = useTranslation();
  const [templateId, setTemplateId] = useState('');
  const [message, setMessage] = useState('');
  const name = matching ? formatPersonName(matching.applicant) : '';
  const over = message.trim().length - DECLINE_MESSAGE_MAX_LENGTH;
  return (
    <>
      <DialogTitle id={titleId}>{t('candidates.declineTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {matching ? t('candidates.declineText', { name, vacancy: matching.vacancyTitle }) : ''}
        </DialogContentText>
        <FormTextField
          select
          name="declineTemplate"
          label={t('candidateFollowUp.declineTemplate')}
          value={templateId}
          onChange={(event) => {
            const template = DECLINE_TEMPLATES.find((item) => item.id === event.target.value);
            setTemplateId(template?.id ?? '');
            setMessage(template?.text ?? '');
          }}
        >
          <option value="">{t('candidateFollowUp.declineNoMessage')}</option>
          {DECLINE_TEMPLATES.map((template) => (
            <option key={template.id} value={template.id}>
              {template.label}
            </option>
          ))}
        </FormTextField>
        <TextField
          name="declineMessage"
          label={t('candidateFollowUp.declineMessage', { name })}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          multiline
          minRows={4}
          fullWidth
          margin="normal"
          error={over > 0}
          helperText={
            over > 0
              ? t('candidateFollowUp.declineTooLong', { over: formatNumber(over) })
              : t('candidateFollowUp.declineMessageHelp', {
                  length: formatNumber(message.trim().length),
                  max: formatNumber(DECLINE_MESSAGE_MAX_LENGTH),
                })
          }
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="error" disabled={over > 0} onClick={() => onConfirm(message.trim())}>
          {t('candidates.declineConfirm')}
        </Button>
      </DialogActions>
    </>
  );
}
