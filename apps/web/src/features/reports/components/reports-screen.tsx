import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { REPORT_STATUS_LABELS, REPORT_STATUSES, type ReportItem } from '@matchwerk/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Page } from '../../../components/layout/page';
import { FilterBar } from '../../../components/lists/filter-bar';
import { FilterSelect } from '../../../components/lists/filter-select';
import { ListStates } from '../../../components/lists/list-states';
import { ServerDataGrid } from '../../../components/lists/server-data-grid';
import { useListUrlState } from '../../../components/lists/use-list-url-state';
import { useSession } from '../../../lib/session';
import { reportListQueryOptions } from '../api/reports-api';
import { apiQueryOfReportList, REPORT_LIST_URL } from '../lib/report-list-params';
import { ReportCards } from './report-cards';
import { reportColumns } from './report-columns';
import { ReportStatusDialog } from './report-status-dialog';

/** /reports ("Meldungen"): candidates' reports for partners (their regions) and administrators (ADR 0101). */
export function ReportsScreen() {
  const session = useSession();
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const list = useListUrlState(REPORT_LIST_URL);
  const { params } = list;
  const [working, setWorking] = useState<ReportItem | null>(null);
  const query = useQuery(reportListQueryOptions(apiQueryOfReportList(params)));
  // setWorking is stable: the columns never need rebuilding.
  const columns = useMemo(() => reportColumns(setWorking), []);

  return (
    <Page
      title="Meldungen"
      intro={
        session.isAdmin
          ? 'Meldungen von Bewerberinnen und Bewerbern zu Stellenanzeigen, Unternehmen und Chats aus allen Regionen. Das Unternehmen erfährt nicht, wer gemeldet hat.'
          : 'Meldungen von Bewerberinnen und Bewerbern zu Stellenanzeigen, Unternehmen und Chats in Ihren Regionen. Das Unternehmen erfährt nicht, wer gemeldet hat.'
      }
      maxWidth={1500}
    >
      <FilterBar
        label="Meldungen filtern"
        list={list}
        search={{ label: 'Suche', placeholder: 'Unternehmen, Anzeige oder Text', width: 280 }}
        resetLabel="Filter zurücksetzen"
      >
        <FilterSelect
          label="Status"
          {...list.filterProps('status')}
          options={REPORT_STATUSES.map((value) => ({ value, label: REPORT_STATUS_LABELS[value] }))}
          anyLabel="Alle"
        />
      </FilterBar>

      <ListStates
        query={query}
        errorText="Die Meldungen konnten nicht geladen werden."
        loading={{ label: 'Wird geladen' }}
        empty={{
          text: list.isFiltered
            ? 'Keine Meldungen passen zu den Filtern.'
            : 'Es gibt keine offenen Meldungen. Neue Meldungen erscheinen hier.',
        }}
      >
        {(data) =>
          compact ? (
            <ReportCards
              reports={data.items}
              total={data.total}
              page={params.page}
              pageSize={params.pageSize}
              onPagingChange={list.update}
              onWork={setWorking}
            />
          ) : (
            <ServerDataGrid
              label="Meldungen"
              page={data}
              columns={columns}
              loading={query.isFetching}
              autoRowHeight
              {...list.gridPaging}
            />
          )
        }
      </ListStates>

      {working && <ReportStatusDialog report={working} onClose={() => setWorking(null)} />}
    </Page>
  );
}
