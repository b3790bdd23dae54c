import Stack from '@mui/material/Stack';
import { canAccessArea, ROUTES, href, type Organization, type OrganizationCreateInputParsed } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { CenteredProgress } from '../../../components/feedback/centered-progress';
import { ErrorState } from '../../../components/feedback/error-state';
import { Page } from '../../../components/layout/page';
import { isApiError, isPreconditionFailed } from '../../../lib/api-client';
import { versionToSend } from '../../../lib/edit-conflict';
import { apiErrorMessage } from '../../../lib/form';
import { actorFor, useSession } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import {
  organizationQueryOptions,
  useCreateOrganization,
  useFetchLatestOrganization,
  useUpdateOrganization,
} from '../api/organization-api';
import { DeleteAccountSection } from './delete-account-section';
import { OrganizationAdminDelete, OrganizationAdminPanel } from './organization-admin-panel';
import { LogoSection, LogoSectionPlaceholder } from './logo-section';
import { NotificationSettings } from './notification-settings';
import { OrganizationForm, sameOrganizationContent } from './organization-form';
import { useScrollToSection } from '../../../lib/scroll-to-section';

/**
 * Sections other features add to the company screen. The app composes them (ADR 0051); this
 * feature decides where and for whom each shows.
 */
export interface OrganizationSections {
  team: (organization: Organization, variant: 'own' | 'manage') => ReactNode;
  jobWidget: (organization: Organization) => ReactNode;
  dataExport: (organization: Organization, admin: boolean) => ReactNode;
  auditHistory: (organization: Organization) => ReactNode;
  /** What is new since the last visit, above the profile of the employer's own company. */
  newSince: ReactNode;
}

export type OrganizationSettingsProps = { sections: OrganizationSections } &
  /** The signed-in organisation user's own company (Settings): with notifications and account deletion. */
  (
    | { mode: 'own'; organizationId: string | null }
    /** An organisation an admin or partner manages (/organization/:id). */
    | { mode: 'manage'; organizationId: string }
    /** A new organisation (/organization/new). */
    | { mode: 'new' }
  );

const TITLES = {
  own: ROUTES.Settings.title,
  manage: ROUTES.Organization.title,
  new: ROUTES.NewOrganization.title,
} as const;

function formErrorText(error: unknown): string | undefined {
  // A 412 is explained by the conflict dialog.
  if (!error || isPreconditionFailed(error)) return undefined;
  if (isApiError(error) && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) return error.message;
  return apiErrorMessage(error);
}

function EditOrganization({
  organization,
  own,
  sections,
}: {
  organization: Organization;
  own: boolean;
  sections: OrganizationSections;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const update = useUpdateOrganization(organization.id);
  const loadLatest = useFetchLatestOrganization(organization.id);
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  /** The stored version the form's values are based on (If-Match); `organization` is the newest the app has seen. */
  const [base, setBase] = useState(organization);
  // Help's "Einstellungen" links here (?abschnitt=benachrichtigungen / konto-loeschen).
  useScrollToSection();
  return (
    <Stack spacing={3}>
      {/* Admins and partners: status, switches and postings above the profile (issue #10). */}
      {!own && <OrganizationAdminPanel organization={organization} />}
      <LogoSection organization={organization} />
      <OrganizationForm
        organization={organization}
        submitLabel={t('organization.save')}
        pending={update.isPending}
        errorText={formErrorText(update.error)}
        onSubmit={async ({ firstUser: _none, ...values }: OrganizationCreateInputParsed) => {
          const saved = await update.mutateAsync({
            body: values,
            version: versionToSend(base, organization, sameOrganizationContent),
          });
          setBase(saved);
          showSnackbar(t('organization.saved'));
          return saved;
        }}
        conflict={{
          loadLatest,
          onReload: (latest) => {
            setBase(latest);
            update.reset();
          },
        }}
      />
      {sections.team(organization, own ? 'own' : 'manage')}
      {/* Only an organisation user on its own company: the snippet for its website (issue #13). */}
      {own && user?.type === 'ORGANIZATION' && sections.jobWidget(organization)}
      {own && user && <NotificationSettings user={user} />}
      {(own ? user?.type === 'ORGANIZATION' : user?.type === 'ADMIN') && sections.dataExport(organization, !own)}
      {own && <DeleteAccountSection organizationId={organization.id} />}
      {!own && <OrganizationAdminDelete organization={organization} />}
      {/* Admins and partners: who changed what (issue #10), always the last section. */}
      {!own && sections.auditHistory(organization)}
    </Stack>
  );
}

function ExistingOrganization({
  organizationId,
  own,
  sections,
}: {
  organizationId: string;
  own: boolean;
  sections: OrganizationSections;
}) {
  const { t } = useTranslation();
  const query = useQuery(organizationQueryOptions(organizationId));
  if (query.isPending) return <CenteredProgress />;
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 403);
    return missing ? (
      <ErrorState text={t('organization.notFound')} />
    ) : (
      <ErrorState onRetry={() => void query.refetch()} />
    );
  }
  return <EditOrganization key={query.data.id} organization={query.data} own={own} sections={sections} />;
}

function NewOrganization() {
  const { t } = useTranslation();
  const create = useCreateOrganization();
  const navigate = useNavigate();
  const showSnackbar = useUiStore((s) => s.showSnackbar);
  // Until the API offers POST /rest/organization/, say so instead of a generic error.
  const unavailable = isApiError(create.error) && (create.error.status === 404 || create.error.status === 405);
  return (
    <Stack spacing={3}>
      <LogoSectionPlaceholder />
      <OrganizationForm
        organization={null}
        submitLabel={t('organization.create')}
        pending={create.isPending}
        errorText={unavailable ? t('organization.createUnavailable') : formErrorText(create.error)}
        onSubmit={async (values) => {
          const created = await create.mutateAsync(values);
          showSnackbar(
            values.firstUser
              ? t('organizationAdmin.createdInvited', { email: values.firstUser.email })
              : t('organization.created'),
          );
          return created;
        }}
        onSaved={(created) => void navigate(href('Organization', { id: created.id }), { replace: true })}
      />
    </Stack>
  );
}

/**
 * The company profile screen: Settings for an organisation user's own company, and the
 * admin/partner screens /organization/:id and /organization/new.
 */
export function OrganizationSettings(props: OrganizationSettingsProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  // The employer's landing page starts with what is new (issue #14) for users who see Anfragen and chats.
  const inbox =
    props.mode === 'own' &&
    Boolean(user?.organizationId) &&
    user &&
    canAccessArea(actorFor(user), 'candidates') &&
    canAccessArea(actorFor(user), 'chats');
  return (
    <Page title={TITLES[props.mode]} maxWidth={960}>
      {inbox && props.sections.newSince}
      {props.mode === 'new' ? (
        <NewOrganization />
      ) : props.organizationId ? (
        <ExistingOrganization
          organizationId={props.organizationId}
          own={props.mode === 'own'}
          sections={props.sections}
        />
      ) : (
        <ErrorState text={t('organization.noOrganization')} />
      )}
    </Page>
  );
}
