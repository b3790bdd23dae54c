import { isAllowedRichTextHref, RICH_TEXT_HEADING_LEVEL, RICH_TEXT_LINK_ATTRIBUTES } from '@matchwerk/shared';
import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/**
 * The editor's schema: exactly the markup of the shared rich-text policy (paragraphs, line
 * breaks, bold, italic, underline, lists, one heading level, links). Whatever StarterKit could
 * do beyond that is switched off, so nothing is typed that the server would drop on save.
 */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [RICH_TEXT_HEADING_LEVEL] },
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        HTMLAttributes: { ...RICH_TEXT_LINK_ATTRIBUTES },
        // TipTap alone would also keep ftp:, sms:, xmpp: … links that the server removes.
        isAllowedUri: (url) => isAllowedRichTextHref(url),
      },
    }),
  ];
}
