import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { FormField } from '../../../components/form/form-field';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { formatNumber, productFormSchema, type Product } from '@matchwerk/shared';
import { useId, useState } from 'react';
import { Controller, useForm, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { apiErrorMessage, applyServerFieldErrors } from '../../../lib/form';
import { useSaveProduct } from '../api/orders-api';

export interface ProductFormValues {
  name: string;
  durationMonths: string;
  postingsCount: string;
  /** As typed in German: "1.250,50 €". */
  priceNet: string;
  active: boolean;
}

const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

function payloadOf(values: ProductFormValues) {
  return {
    name: values.name,
    durationMonths: wholeNumber(values.durationMonths),
    postingsCount: wholeNumber(values.postingsCount),
    priceNet: values.priceNet,
    active: values.active,
  };
}

const resolver: Resolver<ProductFormValues> = (values) => {
  const result = productFormSchema.safeParse(payloadOf(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const issue of result.error.issues)
    errors[String(issue.path[0] ?? 'name')] ??= { type: 'validation', message: issue.message };
  return { values: {}, errors: errors as FieldErrors<ProductFormValues> };
};

function initialValues(product: Product | null): ProductFormValues {
  return {
    name: product?.name ?? '',
    durationMonths: product ? String(product.durationMonths) : '12',
    postingsCount: product ? String(product.postingsCount) : '1',
    // Shown the way people type it, so saving unchanged keeps the price.
    priceNet: product ? formatNumber(product.priceNetCents / 100, 2) : '',
    active: product?.active ?? true,
  };
}

export interface ProductFormDialogProps {
  product: Product | null;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** "Produkt anlegen" / "Produkt bearbeiten" (admins): prices typed in German. */
export function ProductFormDialog({ product, onClose, onDone }: ProductFormDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const save = useSaveProduct();
  const [formError, setFormError] = useState<string | undefined>();
  const form = useForm<ProductFormValues>({ defaultValues: initialValues(product), resolver });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    const parsed = productFormSchema.parse(payloadOf(values));
    const input = {
      name: parsed.name,
      durationMonths: parsed.durationMonths,
      postingsCount: parsed.postingsCount,
      priceNetCents: parsed.priceNet,
      active: parsed.active,
    };
    try {
      await save.mutateAsync({ id: product?.id ?? null, input, ...(product ? { version: product.version } : {}) });
      onDone(
        product ? `Das Produkt „${input.name}“ wurde gespeichert.` : `Das Produkt „${input.name}“ wurde angelegt.`,
      );
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError))
        setFormError(
          apiErrorMessage(error) ?? 'Das Produkt konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
        );
    }
  });

  const text = (
    name: 'name' | 'durationMonths' | 'postingsCount' | 'priceNet',
    label: string,
    extra: { numeric?: boolean; hint?: string } = {},
  ) => (
    <FormField
      control={form.control}
      name={name}
      margin="none"
      required
      label={label}
      helperText={extra.hint}
      slotProps={extra.numeric ? { htmlInput: { inputMode: 'numeric' } } : {}}
    />
  );

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
        <DialogTitle id={titleId}>{product ? 'Produkt bearbeiten' : 'Produkt anlegen'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            )}
            {text('name', 'Name', { hint: 'z. B. „Saison 12 Monate / 5 Anzeigen“' })}
            {text('durationMonths', 'Laufzeit in Monaten', { numeric: true })}
            {text('postingsCount', 'Anzahl Anzeigen', { numeric: true })}
            {text('priceNet', 'Preis netto in Euro', { hint: 'z. B. 1.250,50' })}
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                  label="Bestellbar (aktiv)"
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            Abbrechen
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Speichern
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
