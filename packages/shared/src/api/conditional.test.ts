import { describe, expect, it } from 'vitest';
import { etagOfVersion, versionsOfIfMatch } from './conditional';

describe('ETag of a record version and If-Match', () => {
  it('round-trips a version through its strong ETag', () => {
    expect(etagOfVersion(7)).toBe('"7"');
    expect(versionsOfIfMatch(etagOfVersion(7))).toEqual([7]);
  });

  it('reads lists, treats * as any version and ignores weak or foreign tags', () => {
    expect(versionsOfIfMatch('"3", "4"')).toEqual([3, 4]);
    expect(versionsOfIfMatch(' * ')).toBeNull();
    expect(versionsOfIfMatch('W/"3"')).toEqual([]);
    expect(versionsOfIfMatch('"abc", 5, ""')).toEqual([]);
  });
});
