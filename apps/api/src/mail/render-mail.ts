/**
 * Renders a React Email template (ADR 0050) into the message the mailers send: the HTML part,
 * and the plain-text part converted from that same HTML, so both always say the same thing.
 */
import { plainTextSelectors, render } from '@react-email/render';
import { compile, type DomNode, type FormatCallback } from 'html-to-text';
import type { ReactElement } from 'react';
import type { MailMessage } from './mailer';
import { mailLine } from './mail-line';

function textOf(node: DomNode): string {
  return node.type === 'text' ? (node.data ?? '') : (node.children ?? []).map(textOf).join('');
}

/**
 * Links in the text part: "Label: https://…" (the full URL, so every link of the HTML part can
 * be opened from the text part too), just the URL when the label is the URL, just the label
 * (the address) for mailto links.
 */
const formatLink: FormatCallback = (elem, walk, builder) => {
  // The typings leave attribs as any; html-to-text's parser gives a string map.
  const attribs = elem.attribs as Record<string, string> | undefined;
  const href = attribs?.href ?? '';
  walk(elem.children, builder);
  if (!/^https?:\/\//i.test(href) || textOf(elem).replace(/\s+/g, ' ').trim() === href) return;
  builder.addInline(': ');
  builder.addInline(href, { noWordTransform: true });
};

/**
 * Compiled once: html-to-text's convert() would compile these selectors on every mail. Starts
 * from React Email's own plain-text rules (skip images and data-skip-in-text parts).
 */
const htmlToText = compile({
  wordwrap: false,
  formatters: { mailLink: formatLink },
  selectors: [
    ...plainTextSelectors,
    { selector: 'a', format: 'mailLink' },
    // Headings are the line before their list, as in a hand-written mail (no capitals, no blank line).
    { selector: 'h1', options: { uppercase: false, trailingLineBreaks: 1 } },
    { selector: 'h2', options: { uppercase: false, trailingLineBreaks: 1 } },
    { selector: 'ul', options: { itemPrefix: '- ', leadingLineBreaks: 1 } },
    { selector: 'blockquote', options: { leadingLineBreaks: 1, trimEmptyLines: false } },
  ],
});

export interface MailEnvelope {
  to: string;
  subject: string;
  headers?: Record<string, string>;
}

/** One rendered mail: to and subject made single lines, HTML and text from the same template. */
export async function renderMail(envelope: MailEnvelope, template: ReactElement): Promise<MailMessage> {
  const html = await render(template);
  const text = htmlToText(html)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return {
    to: mailLine(envelope.to),
    subject: mailLine(envelope.subject),
    text: `${text}\n`,
    html,
    ...(envelope.headers ? { headers: envelope.headers } : {}),
  };
}
