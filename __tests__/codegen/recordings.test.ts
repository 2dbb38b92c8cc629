import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointModel, pathParams } from '../../codegen/index.mjs';

const root = join(import.meta.dirname, '..', '..');
const snapshot = JSON.parse(readFileSync(join(root, 'codegen/answers/shapes.json'), 'utf8')) as {
  sources: Array<{ repository: string; commit: string; licence: string }>;
  endpoints: Record<string, { recordings: number; answer?: unknown[]; sent: string[]; body?: string }>;
};
const endpoints = endpointModel();
const byKey = new Map(endpoints.map((e) => [`${e.verb} ${e.path}`, e]));

/**
 * Names recorded requests sent that no typing should take: the client's own (`raw_json`,
 * `api_type`), PRAW's cache buster (`unique`), and what older PRAW versions or its tests sent.
 */
const NOT_ARGUMENTS: Record<string, string[]> = {
  '*': ['raw_json', 'api_type', 'unique'],
  'DELETE /api/v1/me/friends/$username': ['id'], // a JSON body the platform does not read (it takes no arguments)
  'GET /api/mod/notes/recent': ['accounts'], // the former name of `users`
  'PATCH /api/v1/me/prefs': ['json'], // PRAW posts the changes as form field `json`; the platform takes them as a JSON body
  'POST /api/live/$thread/edit': ['other1', 'other2'], // PRAW's test of extra arguments
  'POST /api/submit_poll_post': ['self'], // sent empty by PRAW
  'POST /api/subscribe': ['skip_inital_defaults'], // PRAW's misspelling of skip_initial_defaults
  'POST /api/v1/modactions/removal_comment_message': ['json'], // older PRAW sent the body as form field `json`
  'POST /api/v1/modactions/removal_link_message': ['json'],
  'POST /r/$subreddit/api/flairtemplate_v2': ['id', 'type'], // PRAW repeats flair_template_id and flair_type under these names
};

describe('the recorded exchanges (codegen/answers/shapes.json)', () => {
  it('name their sources, commits and licence', () => {
    expect(snapshot.sources.map((s) => s.repository)).toEqual(['praw-dev/asyncpraw', 'praw-dev/praw']);
    for (const s of snapshot.sources) expect(s).toMatchObject({ commit: expect.stringMatching(/^[0-9a-f]{40}$/), licence: 'BSD-2-Clause' });
  });

  it('went to endpoints the catalog knows', () => {
    expect(Object.keys(snapshot.endpoints).filter((k) => !byKey.has(k))).toEqual([]);
  });

  it('sent only arguments the typings take', () => {
    const untyped = Object.entries(snapshot.endpoints).flatMap(([key, e]) => {
      const endpoint = byKey.get(key)!;
      const known = new Set([...endpoint.callArgs.map((a) => a.name), ...pathParams(endpoint.path), ...NOT_ARGUMENTS['*']!, ...(NOT_ARGUMENTS[key] ?? [])]);
      return e.sent.filter((name) => !known.has(name)).map((name) => `${key} ${name}`);
    });
    expect(untyped).toEqual([]);
  });

  it('sent JSON bodies (of arguments the platform reads) only to the endpoints the client sends JSON to', () => {
    const ignored = (key: string, name: string) => [...NOT_ARGUMENTS['*']!, ...(NOT_ARGUMENTS[key] ?? [])].includes(name);
    const json = Object.entries(snapshot.endpoints)
      .filter(([key, e]) => e.body?.startsWith('json') && e.sent.some((name) => !ignored(key, name)))
      .map(([key]) => key);
    expect(json.length).toBeGreaterThanOrEqual(5);
    expect(json.filter((key) => !byKey.get(key)!.json)).toEqual([]);
  });

  it('answered every endpoint they recorded, typed from the answers', () => {
    for (const [key, e] of Object.entries(snapshot.endpoints)) {
      if (!e.answer) continue;
      expect({ key, result: byKey.get(key)!.result }).not.toEqual({ key, result: 'unknown' });
    }
  });

  it('leave at most one operation in ten answering unknown, each saying so', () => {
    const unknown = endpoints.filter((e) => e.result === 'unknown');
    expect(unknown.length / endpoints.length).toBeLessThanOrEqual(0.1);
    for (const e of unknown) expect(e.answerNote).toMatch(/^No recorded answer/);
  });
});
