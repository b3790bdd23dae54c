/**
 * The web half of the rich-text round trip (ADR 0019). The shared samples are what the editor
 * writes for every allowed tag; here: the editor really writes them (built with the toolbar's
 * commands and the link dialog's normaliser), the web sanitiser keeps them unchanged, and the
 * editor reads them back to the same HTML. The API test does the same with the server's
 * sanitiser, so editor → server → web → editor is the identity for every allowed element.
 */
import { RICH_TEXT_EDITOR_SAMPLES, RICH_TEXT_TAGS, type RichTextTag } from '@matchwerk/shared';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../lib/sanitize';
import { normalizeLinkHref } from './rich-text-editor';
import { richTextExtensions } from './rich-text-extensions';

let editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors) editor.destroy();
  editors = [];
});

/** HTML with every element's attributes in name order: their order carries no meaning. */
function canonical(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of Array.from(template.content.querySelectorAll('*'))) {
    const attributes = Array.from(element.attributes, (attribute) => [attribute.name, attribute.value] as const).sort(
      ([a], [b]) => a.localeCompare(b),
    );
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  return template.innerHTML;
}

function newEditor(content = ''): Editor {
  const editor = new Editor({ element: document.createElement('div'), extensions: richTextExtensions(), content });
  editors.push(editor);
  return editor;
}

/** Selects the first occurrence of `word`, as a user would with the mouse. */
function select(editor: Editor, word: string): Editor {
  let from: number | undefined;
  editor.state.doc.descendants((node, pos) => {
    const index = node.isText ? (node.text ?? '').indexOf(word) : -1;
    if (from === undefined && index >= 0) from = pos + index;
  });
  if (from === undefined) throw new Error(`"${word}" is not in the editor`);
  editor.commands.setTextSelection({ from, to: from + word.length });
  return editor;
}

/** Types text at the cursor through the editor's input handling (so input rules such as "3. " run). */
function type(editor: Editor, text: string): void {
  for (const char of text) {
    const { from, to } = editor.state.selection;
    const handled = editor.view.someProp('handleTextInput', (handler) =>
      handler(editor.view, from, to, char, () => editor.state.tr.insertText(char, from, to)),
    );
    if (!handled) editor.view.dispatch(editor.state.tr.insertText(char, from, to));
  }
}

function link(editor: Editor, word: string, typed: string): void {
  const href = normalizeLinkHref(typed);
  if (!href) throw new Error(`${typed} was refused`);
  select(editor, word).chain().focus().extendMarkRange('link').setLink({ href }).run();
}

/** How a user makes each sample, in the order of RICH_TEXT_EDITOR_SAMPLES. */
const PRODUCERS: { tag: RichTextTag; make: (editor: Editor) => void }[] = [
  { tag: 'p', make: (e) => type(e, 'Wir bilden seit 1950 aus & übernehmen gern.') },
  {
    tag: 'br',
    make: (e) => {
      type(e, 'Erste Zeile');
      e.commands.setHardBreak();
      type(e, 'zweite Zeile');
    },
  },
  { tag: 'strong', make: (e) => (type(e, 'Ein fetter Text'), select(e, 'fetter').commands.toggleBold()) },
  { tag: 'em', make: (e) => (type(e, 'Ein kursiver Text'), select(e, 'kursiver').commands.toggleItalic()) },
  {
    tag: 'u',
    make: (e) => (type(e, 'Ein unterstrichener Text'), select(e, 'unterstrichener').commands.toggleUnderline()),
  },
  {
    tag: 'ul',
    make: (e) => {
      e.commands.toggleBulletList();
      type(e, 'eins');
      e.commands.splitListItem('listItem');
      type(e, 'zwei');
    },
  },
  {
    tag: 'ol',
    make: (e) => {
      e.commands.toggleOrderedList();
      type(e, 'erstens');
      e.commands.splitListItem('listItem');
      type(e, 'zweitens');
    },
  },
  { tag: 'ol', make: (e) => type(e, '3. drittens') },
  { tag: 'li', make: (e) => (type(e, '- Fair bezahlt'), select(e, 'Fair').commands.toggleBold()) },
  {
    tag: 'h3',
    make: (e) => {
      e.commands.toggleHeading({ level: 3 });
      type(e, 'Was wir bieten');
      e.commands.enter();
      type(e, 'Text');
    },
  },
  { tag: 'a', make: (e) => (type(e, 'Web'), link(e, 'Web', 'www.firma.example/ausbildung?jahr=2027&ort=horb')) },
  { tag: 'a', make: (e) => (type(e, 'Mail'), link(e, 'Mail', 'ausbildung@firma.example')) },
  { tag: 'a', make: (e) => (type(e, 'Anrufen'), link(e, 'Anrufen', '+49 7031 12345')) },
];

describe('rich-text policy round trip (web)', () => {
  it('has a sample for every allowed tag, and a way to make each in the editor', () => {
    expect(new Set(RICH_TEXT_EDITOR_SAMPLES.map((sample) => sample.tag))).toEqual(new Set(RICH_TEXT_TAGS));
    expect(PRODUCERS.map((producer) => producer.tag)).toEqual(RICH_TEXT_EDITOR_SAMPLES.map((sample) => sample.tag));
  });

  it.each(RICH_TEXT_EDITOR_SAMPLES.map((sample, index) => [sample.tag, index, sample.html] as const))(
    '<%s> #%d: the editor writes it, the web sanitiser keeps it, the editor reads it back',
    (_tag, index, html) => {
      const made = newEditor();
      PRODUCERS[index]!.make(made);
      expect(canonical(made.getHTML())).toBe(canonical(html));
      expect(canonical(sanitizeRichText(html))).toBe(canonical(html));
      expect(canonical(newEditor(sanitizeRichText(html)).getHTML())).toBe(canonical(html));
    },
  );

  it('reads the serialisation of the server (self-closed <br />) to the same HTML', () => {
    const server =
      '<p>a<br />b <a href="https://firma.example" target="_blank" rel="noopener noreferrer nofollow">Web</a></p>';
    expect(canonical(newEditor(sanitizeRichText(server)).getHTML())).toBe(canonical(server));
  });
});
