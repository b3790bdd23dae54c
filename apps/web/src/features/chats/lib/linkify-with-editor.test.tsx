import { Editor } from '@tiptap/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichTextEditor } from '../../../components/rich-text/rich-text-editor';
import { richTextExtensions } from '../../../components/rich-text/rich-text-extensions';
import { linkSegments } from './linkify';

/**
 * The chat's links and the editor's Link extension share linkifyjs' one global state: the
 * extension registers its custom schemes when an editor is created and resets linkify when one is
 * destroyed. A scheme registered after linkify has run logs "linkifyjs: already initialized"
 * (issue #14) — so the editor registers none, and chat links keep working around editors.
 */
describe('linkify beside the rich-text editor', () => {
  it('the editor registers no custom link schemes with linkify', () => {
    const editor = new Editor({ extensions: richTextExtensions() });
    const link = editor.extensionManager.extensions.find((extension) => extension.name === 'link');
    expect(link?.options).toMatchObject({ protocols: [] });
    editor.destroy();
  });

  it('finds chat links before, between and after editors', () => {
    const hrefs = (text: string) =>
      linkSegments(text).flatMap((segment) => (segment.kind === 'link' ? [segment.href] : []));

    expect(hrefs('Infos auf www.firma.de')).toEqual(['https://www.firma.de']);
    const first = render(<RichTextEditor label="Beschreibung" value="<p>Text</p>" onChange={() => undefined} />);
    expect(hrefs('Schreiben Sie an info@firma.de')).toEqual(['mailto:info@firma.de']);
    first.unmount();
    render(<RichTextEditor label="Aufgaben" value="<p>Text</p>" onChange={() => undefined} />);
    expect(hrefs('https://firma.de/ausbildung')).toEqual(['https://firma.de/ausbildung']);
  });
});
