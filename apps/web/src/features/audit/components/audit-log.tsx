import '../../../lib/locales/register-audit-texts';
import Box from '@mui/material/Box';
import { AUDIT_ACTIONS, auditActionLabel, type AuditAction } from '@matchwerk/shared';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FormTextField } from '../../../components/form/form-text-field';
import { AuditEntries } from './audit-history';

function actionParam(value: string): AuditAction | undefined {
  return AUDIT_ACTIONS.find((action) => action === value);
}

/**
 * The whole audit log (administrators' area, ADR 0120): every entry of `GET /rest/audit`, newest
 * first, filtered by action. Partners see their regions' entries in each organisation's history.
 */
export function AuditLog() {
  const { t } = useTranslation();
  const [action, setAction] = useState<AuditAction | undefined>(undefined);
  const sortedActions = [...AUDIT_ACTIONS].sort((a, b) => auditActionLabel(a).localeCompare(auditActionLabel(b), 'de'));
  return (
    <Box>
      <Box sx={{ maxWidth: 360 }}>
        <FormTextField
          select
          name="audit-action-filter"
          label={t('audit.actionFilter')}
          value={action ?? ''}
          onChange={(event) => setAction(actionParam(event.target.value))}
        >
          <option value="">{t('audit.allActions')}</option>
          {sortedActions.map((value) => (
            <option key={value} value={value}>
              {auditActionLabel(value)}
            </option>
          ))}
        </FormTextField>
      </Box>
      <AuditEntries subject={{ all: { action } }} />
    </Box>
  );
}
