import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import {
  BENEFIT_LABELS,
  BENEFITS_BY_POSTING_TYPE,
  POSTING_TYPE_LABELS,
  type Benefit,
  type PostingType,
} from '@matchwerk/shared';
import { useTranslation } from '../../../lib/i18n';

export interface BenefitsFieldProps {
  type: PostingType;
  value: readonly Benefit[];
  onChange: (benefits: Benefit[]) => void;
}

/** Checkable benefits of the catalogue for the posting type, as a grid of checkboxes. */
export function BenefitsField({ type, value, onChange }: BenefitsFieldProps) {
  const { t } = useTranslation();
  const selected = new Set(value);
  const catalogue = BENEFITS_BY_POSTING_TYPE[type];
  const toggle = (benefit: Benefit, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(benefit);
    else next.delete(benefit);
    // Benefits of another type (checked before the type was switched) stay until saving; the
    // editor names them, and the save leaves them out.
    const otherTypes = value.filter((b) => !catalogue.includes(b));
    onChange([...catalogue.filter((b) => next.has(b)), ...otherTypes]);
  };
  return (
    <FormControl component="fieldset" fullWidth>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('vacancies.benefitsLegend', { type: POSTING_TYPE_LABELS[type] })}
      </FormLabel>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, columnGap: 2 }}>
        {catalogue.map((benefit) => (
          <FormControlLabel
            key={benefit}
            control={<Checkbox checked={selected.has(benefit)} onChange={(_e, checked) => toggle(benefit, checked)} />}
            label={BENEFIT_LABELS[benefit]}
          />
        ))}
      </Box>
    </FormControl>
  );
}
