import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import { useState } from 'react';

export interface VacancyThumbnailProps {
  src: string | null;
  alt: string;
  size?: number;
}

/** The posting's image, or a neutral placeholder when there is none or it fails to load (spec §8). */
export function VacancyThumbnail({ src, alt, size = 56 }: VacancyThumbnailProps) {
  const [failed, setFailed] = useState(false);
  const frame = { width: size, height: size, borderRadius: 1, flexShrink: 0, bgcolor: 'grey.100' } as const;
  if (!src || failed) {
    return (
      <Box sx={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}>
        <ImageOutlinedIcon aria-hidden />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      sx={{ ...frame, objectFit: 'cover', display: 'block' }}
    />
  );
}
