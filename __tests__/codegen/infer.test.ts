import { describe, expect, it } from '@jest/globals';
import { enumType, inferType, jsonFields } from '../../codegen/index.mjs';

describe('inferType', () => {
  it.each([
    ['state', 'boolean value', 'boolean'],
    ['mark', 'one of (true, false)', 'boolean'],
    ['dir', 'vote direction. one of (1, 0, -1)', '1 | 0 | -1'],
    ['t', 'one of (hour, day, week, month, year, all)', '"hour" | "day" | "week" | "month" | "year" | "all"'],
    ['link_flair_position', 'one of (`,left,right`)', '"" | "left" | "right"'],
    ['img_type', 'one of png or jpg (default: png)', '"png" | "jpg"'],
    ['count', 'a positive integer (default: 0)', 'number'],
    ['limit', 'the maximum number of items desired (default: 25, maximum: 100)', 'number'],
    ['show', '(optional) the string all', '"all"'],
    ['link', 'a fullname of a link', '`t3_${string}`'],
    ['id', 'fullname of a account', '`t2_${string}`'],
    ['id', 'fullname of a thing', 'Fullname'],
    ['id', 'A comma-separated list of thing fullnames', 'Fullname | readonly Fullname[]'],
    ['links', 'A comma-separated list of link fullnames', '`t3_${string}` | readonly (`t3_${string}`)[]'],
    ['srnames', 'comma-delimited list of subreddit names', 'string | readonly string[]'],
    ['after', 'the ID of a single update. e.g. LiveUpdate_ff87068e', 'string'],
    ['title', 'a string no longer than 100 characters', 'string'],
    ['x', '', 'string'],
  ])('%s: %s', (name, text, expected) => {
    expect(inferType(name, text)).toBe(expected);
  });

  it('leaves text without an enumeration alone', () => {
    expect(enumType('a valid URL')).toBeUndefined();
  });
});

describe('jsonFields', () => {
  it('reads the fields of a documented JSON body', () => {
    const text = '{\n  "over_18": boolean value,\n  "media": one of (`on`, `off`),\n  "numsites": an integer between 1 and 100,\n}\n';
    expect(jsonFields(text)).toEqual([
      { name: 'over_18', type: 'boolean' },
      { name: 'media', type: '"on" | "off"' },
      { name: 'numsites', type: 'number' },
    ]);
  });
});
