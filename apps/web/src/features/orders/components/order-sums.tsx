import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderListResponse, type OrderSums } from '@matchwerk/shared';
import { euro } from '../lib/order-format';

function Line({ label, sums, strong }: { label: string; sums: OrderSums; strong?: boolean }) {
  const sx = {
    fontWeight: strong ? 600 : 400,
    textAlign: 'right' as const,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap' as const,
    py: 0.5,
    px: 1,
  };
  return (
    <tr>
      <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: strong ? 600 : 400, py: 0.5, pr: 1 }}>
        {label} ({sums.count})
      </Box>
      <Box component="td" sx={sx}>
        {euro(sums.netCents)}
      </Box>
      <Box component="td" sx={sx}>
        {euro(sums.vatCents)}
      </Box>
      <Box component="td" sx={sx}>
        {euro(sums.grossCents)}
      </Box>
    </tr>
  );
}

/** "Summe netto / USt. / brutto" over every order the filters match (all pages), and per status. */
export function OrderSumsBox({ sums }: { sums: OrderListResponse['sums'] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, overflowX: 'auto' }}>
      <Box
        component="table"
        aria-labelledby="order-sums-caption"
        sx={{ borderCollapse: 'collapse', width: '100%', fontSize: '0.875rem' }}
      >
        <Typography
          component="caption"
          id="order-sums-caption"
          sx={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, pb: 1 }}
        >
          Summen der gefilterten Bestellungen
        </Typography>
        <thead>
          <tr>
            <Box component="th" scope="col" sx={{ textAlign: 'left', pr: 1 }}>
              Status (Anzahl)
            </Box>
            <Box component="th" scope="col" sx={{ textAlign: 'right', px: 1 }}>
              Summe netto
            </Box>
            <Box component="th" scope="col" sx={{ textAlign: 'right', px: 1 }}>
              USt.
            </Box>
            <Box component="th" scope="col" sx={{ textAlign: 'right', px: 1 }}>
              brutto
            </Box>
          </tr>
        </thead>
        <tbody>
          {ORDER_STATUSES.map((status) => (
            <Line key={status} label={ORDER_STATUS_LABELS[status]} sums={sums.byStatus[status]} />
          ))}
          <Line label="Gesamt" sums={sums.all} strong />
        </tbody>
      </Box>
    </Paper>
  );
}
