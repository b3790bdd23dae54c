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
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAllowedRichTextHref } from '@matchwerk/shared';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeRichText } from '../../lib/sanitize';
import { richTextExtensions } from './rich-text-extensions';

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

function Toolbar({ editor, label, onLink }: { editor: Editor; label: string; onLink: () => void }) {
  const { t } = useTranslation();
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
  const buttons = [
    { key: 'bold', label: t('richText.bold'), icon: <FormatBoldIcon />, active: state.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', label: t('richText.italic'), icon: <FormatItalicIcon />, active: state.italic, run: () => chain().toggleItalic().run() },
    { key: 'underline', label: t('richText.underline'), icon: <FormatUnderlinedIcon />, active: state.underline, run: () => chain().toggleUnderline().run() },
    { key: 'bullet', label: t('richText.bulletList'), icon: <FormatListBulletedIcon />, active: state.bullet, run: () => chain().toggleBulletList().run() },
    { key: 'ordered', label: t('richText.orderedList'), icon: <FormatListNumberedIcon />, active: state.ordered, run: () => chain().toggleOrderedList().run() },
    { key: 'heading', label: t('richText.heading'), icon: <TitleIcon />, active: state.heading, run: () => chain().toggleHeading({ level: 3 }).run() },
  ];
  return (
    <Box
      role="toolbar"
      aria-label={t('richText.toolbar', { label })}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'grey.50' }}
    >
      {buttons.map((b) => (
        <IconButton
          key={b.key}
          size="small"
          aria-label={b.label}
          aria-pressed={b.active}
          onClick={b.run}
          sx={b.active ? { bgcolor: 'action.selected' } : undefined}
        >
          {b.icon}
        </IconButton>
      ))}
      <IconButton size="small" aria-label={t('richText.link')} aria-pressed={state.link} onClick={onLink}>
        <LinkIcon />
      </IconButton>
      <IconButton
        size="small"
        aria-label={t('richText.unlink')}
        disabled={!state.link}
        onClick={() => chain().extendMarkRange('link').unsetLink().run()}
      >
        <LinkOffIcon />
      </IconButton>
    </Box>
  );
}

/** Mounted only while open, so each opening starts from the current link. */
function LinkDialog({ initial, onClose, onSubmit }: { initial: string; onClose: () => void; onSubmit: (href: string) => void }) {
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
export function RichTextEditor({ label, value, onChange, onBlur, error, helperText, required, ref }: RichTextEditorProps) {
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
      <Typography id={labelId} component="div" sx={{ mb: 0.5, fontWeight: 500, color: error ? 'error.main' : 'text.primary' }}>
        {label}
        {required && <span aria-hidden> *</span>}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'rgba(0, 0, 0, 0.42)',
          borderRadius: 1,
          overflow: 'hidden',
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
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
