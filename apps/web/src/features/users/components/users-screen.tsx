import '../../../lib/locales/register-users-texts';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import {
  DELETE_USER_PHRASE,
  MANAGED_USER_TYPES,
  REGION_LABELS,
  REGIONS,
  USER_TYPE_LABELS,
  type Region,
  type UserListItem,
} from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { ConfirmPhraseDialog } from '../../../components/dialogs/confirm-phrase-dialog';
import { FilterBar } from '../../../components/lists/filter-bar';
import { FilterSelect } from '../../../components/lists/filter-select';
import { ListStates } from '../../../components/lists/list-states';
import { OrganizationFilter } from '../../../components/lists/organization-filter';
import { ServerDataGrid } from '../../../components/lists/server-data-grid';
import { useListUrlState } from '../../../components/lists/use-list-url-state';
import { Page } from '../../../components/layout/page';
import { formatTimestamp } from '../../../lib/dayjs';
import { apiErrorMessage } from '../../../lib/form';
import { useSession } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { userListQueryOptions, useUserAction, type UserAction } from '../api/users-api';
import { apiQueryOfUserList, USER_LIST_URL } from '../lib/user-list-params';
import { UserFormDialog } from './user-form-dialog';
import { UserHistoryDialog } from './user-history-dialog';
import { UserRowActions, type UserRowAction } from './user-row-actions';

function regionsText(user: UserListItem, allRegions: string): string {
  if (user.type === 'ORGANIZATION') return user.organization ? REGION_LABELS[user.organization.region] : '';
  if (user.type === 'STATISTICS' && user.regions.length === 0) return allRegions;
  return user.regions.map((region) => REGION_LABELS[region]).join(', ');
}

/** Deaktiviert, Eingeladen (no password set yet, ADR 0124) or Aktiv. */
function UserStatusChip({ user }: { user: UserListItem }) {
  const { t } = useTranslation();
  if (user.disabled) return <Chip size="small" label={t('users.statusDisabled')} variant="outlined" />;
  if (user.invitationPending) return <Chip size="small" label={t('users.statusInvited')} color="info" />;
  return <Chip size="small" label={t('users.statusActive')} color="success" />;
}

type Pending = { action: 'disable' | 'enable' | 'delete'; user: UserListItem } | null;

/** /users: the user administration of admins and regional partners (issue #10). */
export function UsersScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const me = session.user;
  const isAdmin = session.isAdmin;
  const list = useListUrlState(USER_LIST_URL);
  const { params } = list;
  const [dialog, setDialog] = useState<{ user: UserListItem | null } | null>(null);
  const [historyOf, setHistoryOf] = useState<UserListItem | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [pendingError, setPendingError] = useState<string | undefined>();
  const showSnackbar = useUiStore((state) => state.showSnackbar);
  const action = useUserAction();

  const query = useQuery(userListQueryOptions(apiQueryOfUserList(params)));
  // After a reload only the id is in the URL: the rows carry the organisation's name.
  const organizationNameFromList = query.data?.items.find((item) => item.organization?.id === params.organizationId)
    ?.organization?.name;
  const regionChoices: readonly Region[] = isAdmin ? REGIONS : (me?.regions ?? []);

  const run = async (kind: UserAction, user: UserListItem, done: string) => {
    try {
      await action.mutateAsync({ userId: user.id, action: kind });
      showSnackbar(done);
      return true;
    } catch (error) {
      const message = apiErrorMessage(error) ?? t('users.actionFailed');
      if (pending) setPendingError(message);
      else showSnackbar(message);
      return false;
    }
  };

  const onRowAction = (kind: UserRowAction, user: UserListItem) => {
    setPendingError(undefined);
    if (kind === 'edit') setDialog({ user });
    else if (kind === 'history') setHistoryOf(user);
    else if (kind === 'disable' || kind === 'enable' || kind === 'delete') setPending({ action: kind, user });
    else if (kind === 'passwordReset') void run('passwordReset', user, t('users.resetSent', { email: user.email }));
    else if (kind === 'resendInvitation')
      void run('resendInvitation', user, t('users.invitationSent', { email: user.email }));
    else void run('resendConfirmation', user, t('users.confirmationSent', { email: user.email }));
  };

  const confirmPending = async () => {
    if (!pending) return;
    const done = { disable: t('users.disabledDone'), enable: t('users.enabledDone'), delete: t('users.deleted') }[
      pending.action
    ];
    if (await run(pending.action, pending.user, done)) setPending(null);
  };

  const columns = useMemo<GridColDef<UserListItem>[]>(
    () => [
      { field: 'email', headerName: t('users.colEmail'), minWidth: 220, flex: 1.2 },
      { field: 'name', headerName: t('users.colName'), minWidth: 150, flex: 1 },
      {
        field: 'type',
        headerName: t('users.colType'),
        minWidth: 130,
        valueGetter: (_value, row) => USER_TYPE_LABELS[row.type],
      },
      {
        field: 'organization',
        headerName: t('users.colOrganization'),
        minWidth: 170,
        flex: 1,
        sortable: false,
        valueGetter: (_value, row) => row.organization?.name ?? '',
      },
      {
        field: 'regions',
        headerName: t('users.colRegions'),
        minWidth: 160,
        sortable: false,
        valueGetter: (_value, row) => regionsText(row, t('users.allRegions')),
      },
      {
        field: 'emailVerified',
        headerName: t('users.colVerified'),
        minWidth: 130,
        sortable: false,
        valueGetter: (_value, row) => (row.emailVerified ? t('users.verified') : t('users.unverified')),
      },
      {
        field: 'lastSignInAt',
        headerName: t('users.colLastSignIn'),
        minWidth: 150,
        valueGetter: (_value, row) => (row.lastSignInAt ? formatTimestamp(row.lastSignInAt) : t('users.never')),
      },
      {
        field: 'createdAt',
        headerName: t('users.colCreated'),
        minWidth: 150,
        valueGetter: (_value, row) => formatTimestamp(row.createdAt),
      },
      {
        field: 'disabled',
        headerName: t('users.colStatus'),
        minWidth: 120,
        sortable: false,
        renderCell: ({ row }) => <UserStatusChip user={row} />,
      },
      {
        field: 'actions',
        headerName: t('users.colActions'),
        width: 90,
        sortable: false,
        renderCell: ({ row }) => <UserRowActions user={row} isSelf={row.id === me?.id} onAction={onRowAction} />,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onRowAction only opens dialogs by state setters
    [t, me?.id],
  );

  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ user: null })}>
      {t('users.create')}
    </Button>
  );

  const yesNo = [
    { value: 'true', label: t('users.yes') },
    { value: 'false', label: t('users.no') },
  ];

  return (
    <Page
      title={t('users.title')}
      intro={isAdmin ? t('users.intro') : t('users.introPartner')}
      actions={createButton}
      maxWidth={1400}
    >
      <FilterBar
        label={t('users.filtersLabel')}
        list={list}
        search={{ label: t('users.search'), placeholder: t('users.searchPlaceholder'), width: 260 }}
        resetLabel={t('users.resetFilters')}
      >
        {isAdmin && (
          <FilterSelect
            label={t('users.filterType')}
            {...list.filterProps('type')}
            options={MANAGED_USER_TYPES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }))}
            anyLabel={t('users.any')}
          />
        )}
        <OrganizationFilter
          label={t('users.filterOrganization')}
          organizationId={params.organizationId}
          nameFromList={organizationNameFromList}
          onChange={(organizationId) => list.filter({ organizationId })}
        />
        <FilterSelect
          label={t('users.filterRegion')}
          {...list.filterProps('region')}
          options={regionChoices.map((value) => ({ value, label: REGION_LABELS[value] }))}
          anyLabel={t('users.any')}
        />
        <FilterSelect
          label={t('users.filterVerified')}
          {...list.filterProps('emailVerified')}
          options={yesNo}
          anyLabel={t('users.any')}
        />
        <FilterSelect
          label={t('users.filterDisabled')}
          {...list.filterProps('disabled')}
          options={yesNo}
          anyLabel={t('users.any')}
        />
      </FilterBar>

      <ListStates
        query={query}
        errorText={t('users.loadError')}
        showApiMessage={false}
        empty={{
          text: list.isFiltered ? t('users.emptyFiltered') : t('users.empty'),
          action: list.isFiltered ? undefined : createButton,
        }}
      >
        {(data) => (
          <ServerDataGrid
            label={t('users.tableLabel')}
            page={data}
            columns={columns}
            loading={query.isFetching}
            {...list.gridPaging}
            minWidth={900}
          />
        )}
      </ListStates>

      {dialog && (
        <UserFormDialog
          open
          user={dialog.user}
          canChooseType={isAdmin}
          isSelf={dialog.user?.id === me?.id}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            showSnackbar(message);
          }}
        />
      )}
      {historyOf && <UserHistoryDialog user={historyOf} onClose={() => setHistoryOf(null)} />}
      {pending && pending.action !== 'delete' && (
        <ConfirmDialog
          open
          title={pending.action === 'disable' ? t('users.disableTitle') : t('users.enableTitle')}
          text={
            (pending.action === 'disable'
              ? t('users.disableText', { email: pending.user.email })
              : t('users.enableText', { email: pending.user.email })) + (pendingError ? ` ${pendingError}` : '')
          }
          confirmLabel={pending.action === 'disable' ? t('users.disable') : t('users.enable')}
          destructive={pending.action === 'disable'}
          onConfirm={() => void confirmPending()}
          onClose={() => setPending(null)}
        />
      )}
      {pending?.action === 'delete' && (
        <ConfirmPhraseDialog
          open
          title={t('users.deleteTitle')}
          phrase={DELETE_USER_PHRASE}
          confirmLabel={t('users.delete')}
          pending={action.isPending}
          error={pendingError}
          onConfirm={() => void confirmPending()}
          onClose={() => setPending(null)}
        >
          {t('users.deleteText', { email: pending.user.email })}
        </ConfirmPhraseDialog>
      )}
    </Page>
  );
}
