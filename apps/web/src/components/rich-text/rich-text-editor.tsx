import '../../lib/locales/register-company-texts';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { sanitizeRichText } from '../../lib/sanitize';
import { richTextExtensions } from './rich-text-extensions';
import { RichTextLinkDialog } from './rich-text-link-dialog';
import { RichTextToolbar } from './rich-text-toolbar';

// Where the tests and the chat's linkify check have always found it.
export { normalizeLinkHref } from './link-href';

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

function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
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
        <RichTextToolbar editor={editor} label={label} onLink={() => setLinkOpen(true)} />
        <EditorContent editor={editor} />
      </Box>
      {helperText && (
        <FormHelperText id={helperId} error={Boolean(error)}>
          {helperText}
        </FormHelperText>
      )}
      {linkOpen && (
        <RichTextLinkDialog
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
