import { describe, expect, it } from 'vitest';
import { optionalUrlSchema } from './fields';

describe('optionalUrlSchema', () => {
  it('adds https:// to an address typed without protocol', () => {
    expect(optionalUrlSchema.parse('www.holzwurm.de')).toBe('https://www.holzwurm.de');
  });
  it('turns an empty value into null', () => {
    expect(optionalUrlSchema.parse('  ')).toBeNull();
  });
  it('refuses javascript: and data: links', () => {
    expect(optionalUrlSchema.safeParse('javascript:alert(1)').success).toBe(false);
    expect(optionalUrlSchema.safeParse('data:text/html,<script>alert(1)</script>').success).toBe(false);
  });
  it('refuses a host without a dot', () => {
    expect(optionalUrlSchema.safeParse('https://localhost').success).toBe(false);
  });
});
