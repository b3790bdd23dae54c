import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatEuro, type Product } from '@matchwerk/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/feedback/error-state';
import { apiErrorMessage } from '../../../lib/form';
import { useUiStore } from '../../../stores/ui-store';
import { useSaveProduct } from '../api/orders-api';
import { ProductFormDialog } from './product-form-dialog';

export interface ProductsSectionProps {
  query: UseQueryResult<{ items: Product[] }>;
}

/** Admins: the bookable packages; create, edit, deactivate (an ordered product is never deleted). */
export function ProductsSection({ query }: ProductsSectionProps) {
  const [dialog, setDialog] = useState<{ product: Product | null } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const showSnackbar = useUiStore((state) => state.showSnackbar);
  const save = useSaveProduct();

  const toggle = async (product: Product) => {
    setError(undefined);
    try {
      const { name, durationMonths, postingsCount, priceNetCents } = product;
      await save.mutateAsync({
        id: product.id,
        input: { name, durationMonths, postingsCount, priceNetCents, active: !product.active },
        version: product.version,
      });
      showSnackbar(
        product.active
          ? `„${name}“ ist deaktiviert und kann nicht mehr bestellt werden.`
          : `„${name}“ ist wieder bestellbar.`,
      );
    } catch (cause) {
      setError(apiErrorMessage(cause) ?? 'Das Produkt konnte nicht geändert werden. Bitte versuchen Sie es erneut.');
    }
  };

  return (
    <Box component="section" aria-labelledby="products-heading" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h2" id="products-heading" sx={{ flexGrow: 1, fontSize: '1.25rem' }}>
          Produkte
        </Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog({ product: null })}>
          Produkt anlegen
        </Button>
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {query.isError && !query.data ? (
        <ErrorState text="Die Produkte konnten nicht geladen werden." onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton variant="rounded" height={120} aria-label="Produkte werden geladen" />
      ) : query.data.items.length === 0 ? (
        <Typography color="text.secondary">
          Es gibt noch keine Produkte. Legen Sie das erste Anzeigenpaket an.
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby="products-heading">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell align="right">Laufzeit</TableCell>
                <TableCell align="right">Anzeigen</TableCell>
                <TableCell align="right">Preis netto</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Aktionen</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.data.items.map((product) => (
                <TableRow key={product.id}>
                  <TableCell>{product.name}</TableCell>
                  <TableCell align="right">{product.durationMonths} Monate</TableCell>
                  <TableCell align="right">{product.postingsCount}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatEuro(product.priceNetCents / 100)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={product.active ? 'bestellbar' : 'deaktiviert'}
                      color={product.active ? 'success' : 'default'}
                      variant={product.active ? 'filled' : 'outlined'}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      onClick={() => setDialog({ product })}
                      aria-label={`${product.name} bearbeiten`}
                    >
                      Bearbeiten
                    </Button>
                    <Button
                      size="small"
                      onClick={() => void toggle(product)}
                      aria-label={`${product.name} ${product.active ? 'deaktivieren' : 'aktivieren'}`}
                    >
                      {product.active ? 'Deaktivieren' : 'Aktivieren'}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {dialog && (
        <ProductFormDialog
          product={dialog.product}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            showSnackbar(message);
          }}
        />
      )}
    </Box>
  );
}
