import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { REGION_LABELS, type ReportItem } from '@matchwerk/shared';
import { formatTimestamp } from '../../../lib/dayjs';
import { ReportStatusChip } from './report-status-chip';
import { reasonOf, reportedWhat, reporterOf } from './report-text';

/** The report table's columns: date, what, reason, text, region, reporter, status, the action. */
export function reportColumns(onWork: (report: ReportItem) => void): GridColDef<ReportItem>[] {
  return [
    {
      field: 'createdAt',
      headerName: 'Eingang',
      width: 140,
      valueGetter: (_value, row) => formatTimestamp(row.createdAt),
    },
    {
      field: 'subject',
      headerName: 'Gemeldet',
      minWidth: 220,
      flex: 1,
      sortable: false,
      valueGetter: (_value, row) => reportedWhat(row),
    },
    { field: 'reason', headerName: 'Grund', width: 190, sortable: false, valueGetter: (_value, row) => reasonOf(row) },
    { field: 'text', headerName: 'Text', minWidth: 200, flex: 1, sortable: false },
    {
      field: 'region',
      headerName: 'Region',
      width: 130,
      sortable: false,
      valueGetter: (_value, row) => REGION_LABELS[row.region],
    },
    {
      field: 'reporter',
      headerName: 'Gemeldet von',
      width: 150,
      sortable: false,
      valueGetter: (_value, row) => reporterOf(row),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 130,
      sortable: false,
      renderCell: ({ row }) => <ReportStatusChip status={row.status} />,
    },
    {
      field: 'actions',
      headerName: 'Aktion',
      width: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <Button size="small" onClick={() => onWork(row)} aria-label={`Meldung bearbeiten: ${reportedWhat(row)}`}>
          Bearbeiten
        </Button>
      ),
    },
  ];
}
