import '../../../lib/locales/register-organizations-texts';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridCellParams, GridColDef, GridColumnVisibilityModel, GridRowParams } from '@mui/x-data-grid';
import { formatNumber, href, REGION_LABELS, REGIONS, type OrganizationListItem, type Region } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { FilterBar } from '../../../components/lists/filter-bar';
import { FilterSelect } from '../../../components/lists/filter-select';
import { ListStates } from '../../../components/lists/list-states';
import { NameCell } from '../../../components/lists/name-cell';
import { ServerDataGrid } from '../../../components/lists/server-data-grid';
import { useListUrlState } from '../../../components/lists/use-list-url-state';
import { Page } from '../../../components/layout/page';
import { formatTimestamp } from '../../../lib/dayjs';
import { apiErrorMessage } from '../../../lib/form';
import { useSession } from '../../../lib/session';
import { useUiStore } from '../../../stores/ui-store';
import { organizationListQueryOptions, useToggleOrganization, type OrganizationToggle } from '../api/organizations-api';
import { apiQueryOfOrganizationList, ORGANIZATION_LIST_URL } from '../lib/organization-list-params';

/** On phones only name and the two switches stay; the rest is one tap away on the organisation screen. */
const PHONE_COLUMNS: GridColumnVisibilityModel = {
  region: false,
  city: false,
  vacancies: false,
  users: false,
  openMatchings: false,
  createdAt: false,
  lastSignInAt: false,
};

/** /organizations: the organisations administration of admins and regional partners (issue #10). */
export function OrganizationsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const list = useListUrlState(ORGANIZATION_LIST_URL);
  const { params } = list;
  const showSnackbar = useUiStore((state) => state.showSnackbar);
  const toggle = useToggleOrganization();
  const [pendingToggles, setPendingToggles] = useState<ReadonlySet<string>>(new Set());

  const query = useQuery(organizationListQueryOptions(apiQueryOfOrganizationList(params)));
  const regionChoices: readonly Region[] = session.isAdmin ? REGIONS : (session.user?.regions ?? []);

  const flip = async (row: OrganizationListItem, field: OrganizationToggle) => {
    const key = `${row.id}:${field}`;
    setPendingToggles((current) => new Set(current).add(key));
    try {
      const saved = await toggle.mutateAsync({ id: row.id, field, name: row.name });
      const text =
        field === 'member'
          ? saved.member
            ? t('organizations.memberSet', { name: row.name })
            : t('organizations.memberUnset', { name: row.name })
          : !saved.active
            ? t('organizations.deactivated', { name: row.name })
            : row.waiting
              ? t('organizations.approved', { name: row.name })
              : t('organizations.activated', { name: row.name });
      showSnackbar(text);
    } catch (error) {
      showSnackbar(apiErrorMessage(error) ?? t('organizations.toggleFailed'));
    } finally {
      setPendingToggles((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };

  const columns = useMemo<GridColDef<OrganizationListItem>[]>(
    () => [
      {
        field: 'name',
        headerName: t('organizations.colName'),
        minWidth: phone ? 150 : 220,
        flex: 1.5,
        renderCell: ({ row }) => (
          <NameCell>
            <span>{row.name}</span>
            {row.waiting && <Chip size="small" color="warning" label={t('organizations.chipNew')} />}
            {row.member && (
              <Chip size="small" color="primary" variant="outlined" label={t('organizations.chipMember')} />
            )}
            {!row.emailVerified && <Chip size="small" variant="outlined" label={t('organizations.chipUnverified')} />}
          </NameCell>
        ),
      },
      {
        field: 'region',
        headerName: t('organizations.colRegion'),
        minWidth: 150,
        flex: 1,
        valueGetter: (_value, row) => REGION_LABELS[row.region],
      },
      {
        field: 'city',
        headerName: t('organizations.colCity'),
        minWidth: 120,
        valueGetter: (_value, row) => row.city ?? '',
      },
      ...(['active', 'member'] as const).map((field): GridColDef<OrganizationListItem> => ({
        field,
        headerName: field === 'active' ? t('organizations.colActive') : t('organizations.colMember'),
        width: phone ? 90 : 100,
        sortable: false,
        renderCell: ({ row }) => (
          <Switch
            checked={row[field]}
            disabled={pendingToggles.has(`${row.id}:${field}`)}
            onClick={(event) => event.stopPropagation()}
            onKeyDown={(event) => event.stopPropagation()}
            onChange={() => void flip(row, field)}
            slotProps={{
              input: {
                'aria-label': t(
                  field === 'active' ? 'organizations.toggleActiveLabel' : 'organizations.toggleMemberLabel',
                  { name: row.name },
                ),
              },
            }}
          />
        ),
      })),
      {
        field: 'vacancies',
        headerName: t('organizations.colVacancies'),
        minWidth: 120,
        valueGetter: (_value, row) => `${formatNumber(row.activeVacancies)} / ${formatNumber(row.vacancies)}`,
      },
      {
        field: 'users',
        headerName: t('organizations.colUsers'),
        width: 80,
        sortable: false,
        valueGetter: (_value, row) => formatNumber(row.users),
      },
      {
        field: 'openMatchings',
        headerName: t('organizations.colOpenMatchings'),
        minWidth: 120,
        valueGetter: (_value, row) => formatNumber(row.openMatchings),
      },
      {
        field: 'createdAt',
        headerName: t('organizations.colCreated'),
        minWidth: 140,
        valueGetter: (_value, row) => formatTimestamp(row.createdAt),
      },
      {
        field: 'lastSignInAt',
        headerName: t('organizations.colLastSignIn'),
        minWidth: 150,
        valueGetter: (_value, row) => (row.lastSignInAt ? formatTimestamp(row.lastSignInAt) : t('organizations.never')),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- flip only reads state setters and the mutation
    [t, pendingToggles, phone],
  );

  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => void navigate(href('NewOrganization'))}>
      {t('organizations.create')}
    </Button>
  );

  const yesNo = [
    { value: 'true', label: t('organizations.yes') },
    { value: 'false', label: t('organizations.no') },
  ];

  return (
    <Page
      title={t('organizations.title')}
      intro={session.isAdmin ? t('organizations.intro') : t('organizations.introPartner')}
      actions={createButton}
      maxWidth={1400}
    >
      <FilterBar
        label={t('organizations.search')}
        list={list}
        search={{
          label: t('organizations.search'),
          placeholder: t('organizations.searchPlaceholder'),
          width: 260,
          maxLength: 100,
        }}
        resetLabel={t('organizations.resetFilters')}
      >
        <FilterSelect
          label={t('organizations.filterRegion')}
          {...list.filterProps('region')}
          options={regionChoices.map((value) => ({ value, label: REGION_LABELS[value] }))}
          anyLabel={t('organizations.any')}
        />
        <FilterSelect
          label={t('organizations.filterActive')}
          {...list.filterProps('active')}
          options={yesNo}
          anyLabel={t('organizations.any')}
        />
        <FilterSelect
          label={t('organizations.filterMember')}
          {...list.filterProps('member')}
          options={yesNo}
          anyLabel={t('organizations.any')}
        />
        <FilterSelect
          label={t('organizations.filterStatus')}
          {...list.filterProps('status')}
          options={[{ value: 'waiting', label: t('organizations.statusWaiting') }]}
          anyLabel={t('organizations.any')}
        />
      </FilterBar>

      <ListStates
        query={query}
        errorText={t('organizations.loadError')}
        empty={{
          text: list.isFiltered ? t('organizations.emptyFiltered') : t('organizations.empty'),
          action: list.isFiltered ? (
            <Button onClick={list.resetFilters}>{t('organizations.resetFilters')}</Button>
          ) : (
            createButton
          ),
        }}
      >
        {(data) => (
          <ServerDataGrid
            label={t('organizations.tableLabel')}
            page={data}
            columns={columns}
            loading={query.isFetching}
            {...list.gridPaging}
            autoRowHeight
            minWidth={phone ? 0 : 1000}
            columnVisibilityModel={phone ? PHONE_COLUMNS : {}}
            onRowClick={({ row }: GridRowParams<OrganizationListItem>) =>
              void navigate(href('Organization', { id: row.id }))
            }
            onCellKeyDown={({ row, field }: GridCellParams<OrganizationListItem>, event) => {
              // Enter on a row opens it; on the switches Enter and Space stay theirs.
              if (event.key === 'Enter' && field !== 'active' && field !== 'member')
                void navigate(href('Organization', { id: row.id }));
            }}
          />
        )}
      </ListStates>
    </Page>
  );
}
