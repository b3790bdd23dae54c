import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface FormSectionProps {
  title: string;
  /** Short text under the heading. */
  description?: ReactNode;
  /** Visual emphasis for irreversible actions. */
  danger?: boolean;
  /** Anchor for links to this section (`?abschnitt=<id>`, see useScrollToSection). */
  id?: string;
  children: ReactNode;
}

/** A card with an h2 heading: one section of a long form, labelled by its heading. */
export function FormSection({ title, description, danger, id, children }: FormSectionProps) {
  const headingId = useId();
  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={headingId}
      variant="outlined"
      sx={danger ? { borderColor: 'error.main' } : undefined}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography
          id={headingId}
          tabIndex={-1}
          variant="h2"
          sx={{ mb: description ? 0.5 : 1.5 }}
          color={danger ? 'error' : undefined}
        >
          {title}
        </Typography>
        {description && (
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
