/** Test helper: the parsed JSON-LD blocks of an HTML page, in page order. */
export function extractJsonLd(html: string): unknown[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1]!) as unknown);
}
