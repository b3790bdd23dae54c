import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type ReactNode } from 'react';

export interface RowActionEntry<Action extends string> {
  action: Action;
  /** What the entry shows: its label, or a ListItemText with a hint below it. */
  content: ReactNode;
  /** Why the action is not available now: the entry is disabled and names the reason as its title. */
  unavailable?: string | undefined;
}

export interface RowActionsMenuProps<Action extends string> {
  /** The button's name, naming the row ("Aktionen für Bestellung 2026-0007"). */
  label: string;
  entries: readonly RowActionEntry<Action>[];
  onAction: (action: Action) => void;
}

/** The "⋮" button of a list row and its menu of actions; choosing one closes the menu first. */
export function RowActionsMenu<Action extends string>({ label, entries, onAction }: RowActionsMenuProps<Action>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          // Not a click on the row as well: a list's rows may open the item on click.
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
        size="small"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {entries.map((entry) => (
          <MenuItem
            key={entry.action}
            disabled={Boolean(entry.unavailable)}
            title={entry.unavailable}
            onClick={() => {
              close();
              onAction(entry.action);
            }}
          >
            {entry.content}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
