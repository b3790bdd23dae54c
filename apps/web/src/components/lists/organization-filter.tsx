import Box from '@mui/material/Box';
import { useState } from 'react';
import { OrganizationAutocomplete, type OrganizationOption } from './organization-autocomplete';

export interface OrganizationFilterProps {
  label: string;
  /** The filter as the URL holds it; '' = any organisation. */
  organizationId: string;
  /** The organisation's name as the shown rows carry it (after a reload only the id is in the URL). */
  nameFromList: string | undefined;
  onChange: (organizationId: string) => void;
}

/** A filter bar's organisation filter: the picked organisation, or the URL's by its id. */
export function OrganizationFilter({ label, organizationId, nameFromList, onChange }: OrganizationFilterProps) {
  const [picked, setPicked] = useState<OrganizationOption | null>(null);
  const [urlId, setUrlId] = useState(organizationId);
  if (organizationId !== urlId) {
    setUrlId(organizationId);
    // The URL names another organisation ("Filter zurücksetzen", back button): that one shows.
    if (picked?.id !== organizationId) setPicked(null);
  }
  const value = picked ?? (organizationId ? { id: organizationId, name: nameFromList ?? '…' } : null);
  return (
    <Box sx={{ minWidth: { xs: '100%', sm: 240 } }}>
      <OrganizationAutocomplete
        label={label}
        size="small"
        value={value}
        onChange={(option) => {
          setPicked(option);
          onChange(option?.id ?? '');
        }}
      />
    </Box>
  );
}
