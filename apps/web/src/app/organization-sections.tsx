import { AuditHistory } from '../features/audit/components/audit-history';
import { DataExportSection } from '../features/data-protection/components/data-export-section';
import { JobWidgetSection } from '../features/job-widget/components/job-widget-section';
import type { OrganizationSections } from '../features/organization/components/organization-settings';
import { OrganizationTeam } from '../features/team/components/organization-team';
import { NewSincePanel } from '../features/unread/components/new-since-panel';

/** The company screen composed from the features that add a section to it (ADR 0051). */
export const organizationSections: OrganizationSections = {
  team: (organization, variant) => <OrganizationTeam organizationId={organization.id} variant={variant} />,
  jobWidget: (organization) => <JobWidgetSection organization={organization} />,
  dataExport: (organization, admin) => <DataExportSection organizationId={organization.id} admin={admin} />,
  auditHistory: (organization) => <AuditHistory organizationId={organization.id} />,
  newSince: <NewSincePanel />,
};
