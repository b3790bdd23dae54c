import Avatar from '@mui/material/Avatar';
import { useState } from 'react';

export interface PersonAvatarProps {
  /** The display name (formatPersonName); its initials show when there is no photo. */
  name: string;
  /** Photo URL, or null for initials only. */
  src: string | null;
  size?: number;
}

/** First letters of the first and the last part of a name: "Lea Marie Schulz" → "LS". */
export function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase() || '?';
}

/**
 * A small photo or initials next to a person's name. Decorative: the name beside it is the
 * text alternative, so the avatar is hidden from assistive technology.
 */
export function PersonAvatar({ name, src, size = 40 }: PersonAvatarProps) {
  // A photo that fails to load (deleted, no access) falls back to the initials.
  const [failed, setFailed] = useState(false);
  const photo = src && !failed ? src : undefined;
  return (
    <Avatar
      aria-hidden
      src={photo}
      alt=""
      slotProps={{ img: { loading: 'lazy', onError: () => setFailed(true) } }}
      // flexShrink 0: beside a long name in a row the circle kept shrinking and was cut (issue 48 item 12).
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        fontSize: size * 0.4,
        bgcolor: 'primary.dark',
        color: 'primary.contrastText',
      }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
