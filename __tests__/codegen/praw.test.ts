import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointModel } from '../../codegen/index.mjs';

const root = join(import.meta.dirname, '..', '..');
const praw = JSON.parse(readFileSync(join(root, 'codegen/praw-calls.json'), 'utf8')) as {
  calls: Record<string, { path: string; verbs: string[] }>;
};
const endpoints = endpointModel();

/** A path with its parameters as `*`, a leading `/`, no trailing `/` nor `.json`: PRAW's and ours compare. */
const shape = (path: string) => `/${path.replace(/^\/+|\/+$/g, '').replace(/\.json$/, '').replace(/\{\w+\}|\$\w+/g, '*')}`;
const typed = new Set(endpoints.map((e) => `${e.verb} ${shape(e.path)}`));

describe('the catalog', () => {
  it('types every endpoint PRAW calls, with the verbs it calls them with', () => {
    const calls = Object.entries(praw.calls).flatMap(([name, c]) => c.verbs.map((verb) => ({ name, call: `${verb} ${shape(c.path)}` })));
    expect(calls.length).toBeGreaterThan(240);
    expect(calls.filter((c) => !typed.has(c.call))).toEqual([]);
  });

  it('sends a JSON body where PRAW does, and a form elsewhere', () => {
    const json = endpoints.filter((e) => e.json).map((e) => `${e.verb} ${e.path}`).sort();
    expect(json).toEqual([
      'PATCH /api/v1/me/prefs',
      'PATCH /api/v1/subreddit/update_settings',
      'POST /api/submit_gallery_post',
      'POST /api/submit_poll_post',
      'POST /api/v1/modactions/removal_comment_message',
      'POST /api/v1/modactions/removal_link_message',
      'PUT /api/v1/me/friends/$username',
    ]);
  });
});
