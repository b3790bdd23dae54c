import { describe, expect, it } from 'vitest';
import {
  isAllowedRichTextHref,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_EDITOR_SAMPLES,
  RICH_TEXT_LINK_ATTRIBUTES,
  RICH_TEXT_TAGS,
  type RichTextTag,
} from './rich-text-policy';

describe('rich-text policy', () => {
  it('allows only absolute links with the policy schemes', () => {
    for (const href of [
      'https://firma.example',
      'http://firma.example',
      'mailto:a@firma.example',
      'tel:+49703112345',
      ' HTTPS://firma.example',
    ]) {
      expect(isAllowedRichTextHref(href)).toBe(true);
    }
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://firma.example',
      'sms:1',
      '//evil.example',
      '/pfad',
      'seite.html',
      '',
      null,
      undefined,
    ]) {
      expect(isAllowedRichTextHref(href)).toBe(false);
    }
  });

  it('has samples that use only policy tags, attributes and links', () => {
    for (const { html } of RICH_TEXT_EDITOR_SAMPLES) {
      for (const [, tag = '', attributes = ''] of html.matchAll(/<([a-z0-9]+)([^>]*)>/g)) {
        expect(RICH_TEXT_TAGS).toContain(tag);
        for (const [, name = '', value = ''] of attributes.matchAll(/([a-z-]+)="([^"]*)"/g)) {
          expect(RICH_TEXT_ATTRIBUTES[tag as RichTextTag]).toContain(name);
          if (name === 'href') expect(isAllowedRichTextHref(value)).toBe(true);
          if (name === 'target' || name === 'rel') expect(value).toBe(RICH_TEXT_LINK_ATTRIBUTES[name]);
        }
      }
    }
  });
});
