/**
 * A posting's description arrives as sanitised HTML. The app shows it as plain paragraphs and
 * list items: parsed by DOMParser (which runs no scripts and loads nothing) and read as text.
 */
export interface TextBlock {
  kind: 'p' | 'li' | 'h';
  text: string;
}

export function textBlocks(html: string | null | undefined): TextBlock[] {
  if (!html) return [];
  const document = new DOMParser().parseFromString(html, 'text/html');
  const blocks: TextBlock[] = [];
  for (const element of document.body.querySelectorAll('p, li, h1, h2, h3, h4')) {
    const text = element.textContent?.trim() ?? '';
    if (!text || element.querySelector('p, li')) continue;
    const tag = element.tagName.toLowerCase();
    blocks.push({ kind: tag === 'li' ? 'li' : tag === 'p' ? 'p' : 'h', text });
  }
  if (blocks.length === 0) {
    const text = document.body.textContent?.trim() ?? '';
    if (text) blocks.push({ kind: 'p', text });
  }
  return blocks;
}
