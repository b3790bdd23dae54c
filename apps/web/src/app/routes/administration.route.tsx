import { AdministrationScreen, FailedMailsSection, useFailedMailCount } from '../../features/administration';
import { AuditLog } from '../../features/audit';
import { RetentionSettingsSection } from '../../features/data-protection';
import { FeedbackAdmin, ResponseDeadlinesSection, useNewFeedbackCount } from '../../features/help';
import { useTranslation } from '../../lib/i18n';
import '../../lib/locales/register-administration-texts';

/** "Verwaltung" (ADR 0120): composed here from the features that own each area (ADR 0051). */
export function Component() {
  const { t } = useTranslation();
  const newFeedback = useNewFeedbackCount();
  const failedMails = useFailedMailCount();
  return (
    <AdministrationScreen
      sections={[
        {
          id: 'feedback',
          tabLabel: newFeedback
            ? t('administration.feedbackTabCount', { count: newFeedback })
            : t('administration.feedbackTab'),
          title: t('administration.feedbackTitle'),
          content: <FeedbackAdmin />,
        },
        {
          id: 'protokoll',
          tabLabel: t('administration.auditTab'),
          title: t('administration.auditTitle'),
          intro: t('administration.auditIntro'),
          content: <AuditLog />,
        },
        {
          id: 'fristen',
          tabLabel: t('administration.deadlinesTab'),
          title: t('administration.deadlinesTitle'),
          intro: t('administration.deadlinesIntro'),
          content: (
            <>
              <RetentionSettingsSection />
              <ResponseDeadlinesSection />
            </>
          ),
        },
        {
          id: 'e-mails',
          tabLabel: failedMails
            ? t('administration.mailsTabCount', { count: failedMails })
            : t('administration.mailsTab'),
          title: t('administration.mailsTitle'),
          intro: t('administration.mailsIntro'),
          content: <FailedMailsSection />,
        },
      ]}
    />
  );
}
