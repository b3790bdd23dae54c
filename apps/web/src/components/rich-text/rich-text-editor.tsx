import FormatBoldIcon from '@mui/icons-material/FormatBold';
import '../../lib/locales/register-company-texts';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import TitleIcon from '@mui/icons-material/Title';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Divider from '@mui/material/Divider';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAllowedRichTextHref } from '@matchwerk/shared';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import {
  Fragment,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from '../../lib/i18n';
import { sanitizeRichText } from '../../lib/sanitize';
import { richTextExtensions } from './rich-text-extensions';
import { useRovingFocus } from './use-roving-focus';

/** What react-hook-form needs to focus the editor on a validation error. */
export interface RichTextEditorHandle {
  focus: () => void;
}

export interface RichTextEditorProps {
  label: string;
  /** HTML; '' for an empty editor. */
  value: string | null | undefined;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  ref?: Ref<RichTextEditorHandle>;
}

/**
 * Normalises a typed address to one the shared policy keeps: "www.firma.de" → "https://www.firma.de",
 * "info@firma.de" → "mailto:info@firma.de", "07031 123-45" → "tel:0703112345". Anything else → null.
 */
export function normalizeLinkHref(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  let href: string;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) href = value;
  else if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) href = `mailto:${value}`;
  else if (/^\+?[0-9][0-9 ()/-]{4,}$/.test(value)) href = `tel:${value.replace(/[^0-9+]/g, '')}`;
  else href = `https://${value}`;
  if (!isAllowedRichTextHref(href) || !/^[a-z]+:\S+$/i.test(href)) return null;
  return /^https?:/i.test(href) && !/^https?:\/\/[^/?#@]+\.[^/?#]+/i.test(href) ? null : href;
}

function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

interface ToolbarItem {
  key: string;
  label: string;
  icon: ReactNode;
  /** A toggle's state (aria-pressed); undefined for a plain action. */
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
}

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one tab stop, arrow keys inside, groups
 * divided by separators, toggles with aria-pressed.
 */
function Toolbar({ editor, label, onLink }: { editor: Editor; label: string; onLink: () => void }) {
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

/** Mounted only while open, so each opening starts from the current link. */
function LinkDialog({
  initial,
  onClose,
  onSubmit,
}: {
  initial: string;
  onClose: () => void;
  onSubmit: (href: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const titleId = useId();
  const submit = () => {
    const href = normalizeLinkHref(value);
    if (!href) {
      setInvalid(true);
      return;
    }
    onSubmit(href);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('richText.linkDialogTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('richText.linkAddress')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
          error={invalid}
          helperText={invalid ? t('richText.linkInvalid') : t('richText.linkHint')}
          type="url"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit}>
          {t('richText.linkApply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A small TipTap editor (paragraphs, bold, italic, underline, lists, h3, links) that reads
 * and writes HTML. Stored HTML is sanitised before it is loaded (spec §5); an empty editor
 * is '' so required-field validation works.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  required,
  ref,
}: RichTextEditorProps) {
  const labelId = useId();
  const helperId = useId();
  const lastHtml = useRef(value ?? '');
  const [linkOpen, setLinkOpen] = useState(false);
  const onChangeRef = useRef(onChange);
  const onBlurRef = useRef(onBlur);
  useEffect(() => {
    onChangeRef.current = onChange;
    onBlurRef.current = onBlur;
  });

  // The editable element's ARIA state, kept in step with validation.
  const editorAttributes = useMemo(
    () => ({
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      ...(helperText ? { 'aria-describedby': helperId } : {}),
      ...(error ? { 'aria-invalid': 'true' } : {}),
      ...(required ? { 'aria-required': 'true' } : {}),
      class: 'mw-rich-text',
    }),
    [labelId, helperId, helperText, error, required],
  );

  const editor = useEditor({
    extensions: richTextExtensions(),
    content: sanitizeRichText(value),
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: editorAttributes },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      lastHtml.current = html;
      onChangeRef.current(html);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  useEffect(() => {
    editor.setOptions({
      editorProps: { attributes: editorAttributes },
    });
  }, [editor, editorAttributes]);

  // A new value from outside (form reset after save): load it, sanitised.
  useEffect(() => {
    const next = value ?? '';
    if (next !== lastHtml.current) {
      lastHtml.current = next;
      editor.commands.setContent(sanitizeRichText(next), { emitUpdate: false });
    }
  }, [value, editor]);

  useImperativeHandle(ref, () => ({ focus: () => editor.commands.focus() }), [editor]);

  const currentLink = linkOpen ? ((editor.getAttributes('link').href as string | undefined) ?? '') : '';

  return (
    <Box sx={{ mt: 2, mb: 1 }}>
      <Typography
        id={labelId}
        component="div"
        sx={{ mb: 0.5, fontWeight: 500, color: error ? 'error.main' : 'text.primary' }}
      >
        {label}
        {required && <span aria-hidden> *</span>}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'rgba(0, 0, 0, 0.42)',
          borderRadius: 1,
          overflow: 'hidden',
          '&:focus-within': {
            borderColor: error ? 'error.main' : 'primary.main',
            boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}`,
          },
          '& .mw-rich-text': {
            minHeight: 120,
            px: 1.5,
            py: 1,
            outline: 'none',
            '& p': { my: 0.75 },
            '& h3': { fontSize: '1.05rem', fontWeight: 600, my: 1 },
            '& ul, & ol': { pl: 3, my: 0.75 },
            '& a': { color: 'primary.main' },
          },
        }}
      >
        <Toolbar editor={editor} label={label} onLink={() => setLinkOpen(true)} />
        <EditorContent editor={editor} />
      </Box>
      {helperText && (
        <FormHelperText id={helperId} error={Boolean(error)}>
          {helperText}
        </FormHelperText>
      )}
      {linkOpen && (
        <LinkDialog
          initial={currentLink}
          onClose={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
          onSubmit={(href) => {
            setLinkOpen(false);
            const chain = editor.chain().focus().extendMarkRange('link');
            if (editor.state.selection.empty && !editor.isActive('link')) {
              chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
            } else {
              chain.setLink({ href }).run();
            }
          }}
        />
      )}
    </Box>
  );
}
