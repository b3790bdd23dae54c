import '../../../lib/locales/register-users-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { FormField } from '../../../components/form/form-field';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE } from '@mui/x-date-pickers/locales';
import {
  DATE_FORMAT,
  formatEuro,
  orderCreateSchema,
  orderPeriodEnd,
  orderTotals,
  orderUpdateSchema,
  VAT_RATE_PERCENT,
  type Order,
  type Product,
} from '@matchwerk/shared';
import type { Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { dayjs, formatDate } from '../../../lib/dayjs';
import { apiErrorMessage, applyServerFieldErrors } from '../../../lib/form';
import { OrganizationAutocomplete, type OrganizationOption } from '../../../components/lists/organization-autocomplete';
import { useCreateOrder, useUpdateOrder } from '../api/orders-api';

const pickerTexts = deDE.components.MuiLocalizationProvider.defaultProps.localeText;
const ISO_DAY = 'YYYY-MM-DD';

export interface OrderFormValues {
  organization: OrganizationOption | null;
  productId: string;
  quantity: string;
  periodStart: Dayjs | null;
  notes: string;
}

/** The quantity as typed: whole numbers only ("2"), anything else reaches the schema as NaN. */
function quantityOf(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

function dayOf(value: Dayjs | null): string {
  return value === null ? '' : value.isValid() ? value.format(ISO_DAY) : 'ungültig';
}

function payloadOf(values: OrderFormValues) {
  return {
    organizationId: values.organization?.id ?? '',
    productId: values.productId,
    quantity: quantityOf(values.quantity),
    periodStart: dayOf(values.periodStart),
    notes: values.notes,
  };
}

/** Validates with the shared schema (create or edit) and reports errors by form field. */
function resolverFor(mode: 'create' | 'edit'): Resolver<OrderFormValues> {
  return (values) => {
    const payload = payloadOf(values);
    const result = mode === 'create' ? orderCreateSchema.safeParse(payload) : orderUpdateSchema.safeParse(payload);
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = String(issue.path[0] ?? 'productId');
      const key = path === 'organizationId' ? 'organization' : path === 'periodEnd' ? 'periodStart' : path;
      errors[key] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<OrderFormValues> };
  };
}

export interface OrderFormDialogProps {
  /** null: a new order. */
  order: Order | null;
  /** Products to choose from (the active ones; an edited order keeps its frozen product). */
  products: readonly Product[];
  onClose: () => void;
  onDone: (message: string) => void;
}

function initialValues(order: Order | null): OrderFormValues {
  return {
    organization: order?.organizationId ? { id: order.organizationId, name: order.organizationName } : null,
    productId: order?.productId ?? '',
    quantity: order ? String(order.quantity) : '1',
    periodStart: order ? dayjs(order.periodStart) : null,
    notes: order?.notes ?? '',
  };
}

/** "Neue Bestellung" and "Bestellung bearbeiten" (OPEN orders: quantity, period, notes). */
export function OrderFormDialog({ order, products, onClose, onDone }: OrderFormDialogProps) {
  const titleId = useId();
  const totalsId = useId();
  const mode = order ? 'edit' : 'create';
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const [formError, setFormError] = useState<string | undefined>();
  const form = useForm<OrderFormValues>({ defaultValues: initialValues(order), resolver: resolverFor(mode) });
  const { errors, isSubmitting } = form.formState;
  const [productId, quantityText, periodStart] = useWatch({
    control: form.control,
    name: ['productId', 'quantity', 'periodStart'],
  });

  // An edited order keeps its frozen price and duration, even if the product changed since.
  const product = products.find((item) => item.id === productId);
  const unitPriceNetCents = order ? order.unitPriceNetCents : product?.priceNetCents;
  const durationMonths = order ? order.durationMonths : product?.durationMonths;
  const quantity = quantityOf(quantityText);
  const totals =
    unitPriceNetCents !== undefined && Number.isInteger(quantity) && quantity > 0
      ? orderTotals(unitPriceNetCents, quantity, order?.vatRatePercent ?? VAT_RATE_PERCENT)
      : null;
  const start = dayOf(periodStart);
  const periodEnd =
    durationMonths !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(start) ? orderPeriodEnd(start, durationMonths) : null;

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      if (order) {
        const input = orderUpdateSchema.parse(payloadOf(values));
        const saved = await update.mutateAsync({ id: order.id, input, version: order.version });
        onDone(`Die Bestellung ${saved.invoiceNumber} wurde gespeichert.`);
      } else {
        const input = orderCreateSchema.parse(payloadOf(values));
        const saved = await create.mutateAsync(input);
        onDone(`Die Bestellung ${saved.invoiceNumber} wurde angelegt.`);
      }
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError))
        setFormError(
          apiErrorMessage(error) ?? 'Die Bestellung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
        );
    }
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {order ? `Bestellung ${order.invoiceNumber} bearbeiten` : 'Neue Bestellung'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            {order ? (
              <Typography>
                {order.organizationName} · {order.productName}
              </Typography>
            ) : (
              <>
                <Controller
                  control={form.control}
                  name="organization"
                  render={({ field }) => (
                    <OrganizationAutocomplete
                      label="Unternehmen"
                      required
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      error={errors.organization?.message}
                    />
                  )}
                />
                <FormField control={form.control} name="productId" margin="none" select required label="Produkt">
                  <option value="">Bitte wählen</option>
                  {products.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name} – {formatEuro(item.priceNetCents / 100)} netto
                    </option>
                  ))}
                </FormField>
              </>
            )}
            <FormField
              control={form.control}
              name="quantity"
              margin="none"
              required
              label="Menge"
              slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': totalsId } }}
            />
            <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={pickerTexts}>
              <Controller
                control={form.control}
                name="periodStart"
                render={({ field }) => (
                  <DatePicker
                    label="Beginn des Zeitraums"
                    value={field.value}
                    onChange={field.onChange}
                    inputRef={field.ref}
                    format={DATE_FORMAT}
                    slotProps={{
                      textField: {
                        required: true,
                        name: 'periodStart',
                        onBlur: field.onBlur,
                        error: Boolean(errors.periodStart),
                        helperText:
                          errors.periodStart?.message ??
                          (periodEnd ? `Ende: ${formatDate(periodEnd)} (${durationMonths} Monate)` : 'TT.MM.JJJJ'),
                      },
                    }}
                  />
                )}
              />
            </LocalizationProvider>
            <FormField control={form.control} name="notes" margin="none" label="Notiz" multiline minRows={2} />
            <Box id={totalsId} aria-live="polite" sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
              {totals ? (
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: 'auto auto',
                    columnGap: 2,
                    rowGap: 0.5,
                    '& dd': { m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
                  }}
                >
                  <dt>Netto</dt>
                  <dd>{formatEuro(totals.netCents / 100)}</dd>
                  <dt>USt. ({order?.vatRatePercent ?? VAT_RATE_PERCENT} %)</dt>
                  <dd>{formatEuro(totals.vatCents / 100)}</dd>
                  <Box component="dt" sx={{ fontWeight: 600 }}>
                    Brutto
                  </Box>
                  <Box component="dd" sx={{ fontWeight: 600 }}>
                    {formatEuro(totals.grossCents / 100)}
                  </Box>
                </Box>
              ) : (
                <Typography color="text.secondary">Wählen Sie Produkt und Menge, um die Beträge zu sehen.</Typography>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            Abbrechen
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {order ? 'Speichern' : 'Bestellung anlegen'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
