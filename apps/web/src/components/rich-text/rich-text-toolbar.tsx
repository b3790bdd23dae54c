import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import TitleIcon from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import { useEditorState, type Editor } from '@tiptap/react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useRovingFocus } from './use-roving-focus';

interface ToolbarItem {
  key: string;
  label: string;
  icon: ReactNode;
  /** A toggle's state (aria-pressed); undefined for a plain action. */
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
}

export interface RichTextToolbarProps {
  editor: Editor;
  /** The editor's label, in the toolbar's name. */
  label: string;
  onLink: () => void;
}

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys inside, groups
 * divided by separators, toggles with aria-pressed.
 */
export function RichTextToolbar({ editor, label, onLink }: RichTextToolbarProps) {
  const { t } = useTranslation();
  const { tabIndexOf, toolbarProps } = useRovingFocus();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      heading: e.isActive('heading', { level: 3 }),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const groups: ToolbarItem[][] = [
    [
      {
        key: 'bold',
        label: t('richText.bold'),
        icon: <FormatBoldIcon />,
        pressed: state.bold,
        run: () => chain().toggleBold().run(),
      },
      {
        key: 'italic',
        label: t('richText.italic'),
        icon: <FormatItalicIcon />,
        pressed: state.italic,
        run: () => chain().toggleItalic().run(),
      },
      {
        key: 'underline',
        label: t('richText.underline'),
        icon: <FormatUnderlinedIcon />,
        pressed: state.underline,
        run: () => chain().toggleUnderline().run(),
      },
    ],
    [
      {
        key: 'bullet',
        label: t('richText.bulletList'),
        icon: <FormatListBulletedIcon />,
        pressed: state.bullet,
        run: () => chain().toggleBulletList().run(),
      },
      {
        key: 'ordered',
        label: t('richText.orderedList'),
        icon: <FormatListNumberedIcon />,
        pressed: state.ordered,
        run: () => chain().toggleOrderedList().run(),
      },
      {
        key: 'heading',
        label: t('richText.heading'),
        icon: <TitleIcon />,
        pressed: state.heading,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      { key: 'link', label: t('richText.link'), icon: <LinkIcon />, pressed: state.link, run: onLink },
      {
        key: 'unlink',
        label: t('richText.unlink'),
        icon: <LinkOffIcon />,
        disabled: !state.link,
        run: () => chain().extendMarkRange('link').unsetLink().run(),
      },
    ],
  ];
  const enabledCount = groups.flat().filter((item) => !item.disabled).length;
  let enabledIndex = 0;
  return (
    <Box
      role="toolbar"
      aria-label={t('richText.toolbar', { label })}
      aria-orientation="horizontal"
      {...toolbarProps}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.25,
        p: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'grey.50',
      }}
    >
      {groups.map((group, groupIndex) => (
        <Fragment key={group[0]?.key}>
          {groupIndex > 0 && (
            <Divider
              orientation="vertical"
              flexItem
              component="div"
              role="separator"
              aria-orientation="vertical"
              sx={{ mx: 0.5 }}
            />
          )}
          {group.map((item) => {
            const tabIndex = tabIndexOf(item.disabled ? null : enabledIndex++, enabledCount);
            return (
              <IconButton
                key={item.key}
                size="small"
                aria-label={item.label}
                aria-pressed={item.pressed}
                disabled={item.disabled}
                tabIndex={tabIndex}
                onClick={item.run}
                sx={item.pressed ? { bgcolor: 'action.selected' } : undefined}
              >
                {item.icon}
              </IconButton>
            );
          })}
        </Fragment>
      ))}
    </Box>
  );
}
