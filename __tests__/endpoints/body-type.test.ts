import { describe, expect, it } from '@jest/globals';
import { bodyTypeOf } from '../../lib/endpoints/body-type.js';
import { findEndpoint } from '../../lib/endpoints/lookup.js';
import { unpackTable } from '../../lib/endpoints/table.js';
import { ENDPOINT_TABLE } from '../../lib/generated/endpoints.js';

const VERBS = ['get', 'post', 'put', 'patch', 'delete'];
const fromCatalog = (path: string, verb: string) => {
  const facts = findEndpoint(path, verb);
  return facts?.json ? 'json' : facts?.query ? 'query' : undefined;
};

/** Every path of the whole table as a template, concrete (each `$param` a name), with the prefix, with `.json`. */
const paths = [...new Set(unpackTable(ENDPOINT_TABLE).flatMap(({ path, flags }) => {
  const forms = flags.includes('B') ? [path, `/r/$subreddit${path}`] : [path];
  return forms.flatMap((p) => [p, p.replace(/\$[a-z_]+/g, 'some_name'), `${p}.json`, `https://oauth.reddit.com${p}/`]);
}))];

describe('bodyTypeOf', () => {
  it('answers as the whole catalog does, for every path it knows, by every verb', () => {
    expect(paths.length).toBeGreaterThan(400);
    const differ = paths.flatMap((p) => VERBS.filter((v) => bodyTypeOf(p, v) !== fromCatalog(p, v)).map((v) => `${v} ${p}`));
    expect(differ).toEqual([]);
  });

  it('knows the JSON and query endpoints, and a form for the rest', () => {
    expect(bodyTypeOf('/api/v1/me/prefs', 'patch')).toBe('json');
    expect(bodyTypeOf('/api/v1/me/friends/spez', 'put')).toBe('json');
    expect(bodyTypeOf('/api/v1/me/friends/$username', 'PUT')).toBe('json');
    expect(bodyTypeOf('/api/submit_gallery_post.json', 'post')).toBe('json');
    expect(bodyTypeOf('/api/mod/notes?user=x', 'delete')).toBe('query');
    expect(bodyTypeOf('/api/mod/notes', 'post')).toBeUndefined();
    expect(bodyTypeOf('/api/vote', 'post')).toBeUndefined();
    expect(bodyTypeOf('/api/not/known/at/all', 'post')).toBeUndefined();
  });
});
