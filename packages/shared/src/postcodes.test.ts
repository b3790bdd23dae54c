import { describe, expect, it } from 'vitest';
import { isKnownPostcode, postcodeProblem, POSTCODE_MESSAGES } from './postcodes';

describe('postcodeProblem', () => {
  it.each([
    ['10115', 'Deutschland', null],
    ['01067', 'Deutschland', null],
    ['80331', '', null],
    ['20095', 'DE', null],
    ['72072', ' deutschland ', null],
    ['12345', 'Deutschland', POSTCODE_MESSAGES.unknown],
    ['00000', 'Deutschland', POSTCODE_MESSAGES.unknown],
    ['99999', 'Deutschland', POSTCODE_MESSAGES.unknown],
    ['1011', 'Deutschland', POSTCODE_MESSAGES.format],
    ['101155', 'Deutschland', POSTCODE_MESSAGES.format],
    ['1O115', 'Deutschland', POSTCODE_MESSAGES.format],
    ['', 'Deutschland', POSTCODE_MESSAGES.missing],
    ['1010', 'Österreich', null],
    ['SW1A 1AA', 'Vereinigtes Königreich', null],
    ['<1>', 'Österreich', POSTCODE_MESSAGES.foreignFormat],
  ])('%j in %j → %j', (postcode, country, expected) => {
    expect(postcodeProblem(postcode, country)).toBe(expected);
  });

  it('knows the first and the last postcode of the table and nothing around them', () => {
    expect(isKnownPostcode('01067')).toBe(true);
    expect(isKnownPostcode('01066')).toBe(false);
    expect(isKnownPostcode('99998')).toBe(true);
    expect(isKnownPostcode('99999')).toBe(false);
  });
});
