import { describe, expect, it } from '@jest/globals';
import { findEndpoint, missingScope, normalizePath } from '../../lib/endpoints/lookup.js';

describe('findEndpoint', () => {
  it('finds a template as the catalog writes it', () => {
    expect(findEndpoint('/r/$subreddit/hot', 'get')).toEqual({ scopes: ['read'], json: false, query: false, listing: true });
    expect(findEndpoint('/api/vote', 'post')).toEqual({ scopes: ['vote'], json: false, query: false, listing: false });
    expect(findEndpoint('/api/v1/me/prefs', 'patch')).toEqual({ scopes: ['account'], json: true, query: false, listing: false });
  });

  it('knows the endpoints that read their arguments from the query whatever the verb', () => {
    // Added from PRAW's list: its query is known, its scope checked by the platform only.
    expect(findEndpoint('/api/mod/notes', 'delete')).toEqual({ scopes: [], json: false, query: true, listing: false });
    expect(findEndpoint('/api/mod/notes', 'post')?.query).toBeFalsy(); // a form, as for any endpoint the table leaves out
  });

  it('counts listing as GET and accepts any letter case of the verb', () => {
    expect(findEndpoint('/hot', 'listing')?.listing).toBe(true);
    expect(findEndpoint('/api/vote', 'POST')).toBeDefined();
  });

  it('knows both forms of an endpoint with the optional /r/$subreddit prefix', () => {
    expect(findEndpoint('/api/flair', 'post')?.scopes).toEqual(['modflair']);
    expect(findEndpoint('/r/$subreddit/api/flair', 'post')?.scopes).toEqual(['modflair']);
  });

  it('tolerates .json, a query, a full URL and a trailing slash', () => {
    expect(findEndpoint('/r/$subreddit/about.json', 'get')?.scopes).toEqual(['read']);
    expect(findEndpoint('/r/$subreddit/hot.json?limit=5', 'get')?.listing).toBe(true);
    expect(findEndpoint('https://oauth.reddit.com/api/v1/me', 'get')?.scopes).toEqual(['identity']);
    expect(findEndpoint('api/v1/me/', 'get')?.scopes).toEqual(['identity']);
  });

  it('matches a concrete path against the most specific template', () => {
    expect(findEndpoint('/r/aww/hot', 'get')).toEqual({ scopes: ['read'], json: false, query: false, listing: true });
    expect(findEndpoint('/user/spez/about', 'get')?.scopes).toEqual(['read']);
    expect(findEndpoint('/user/spez/submitted', 'get')?.scopes).toEqual(['history']);
    expect(findEndpoint('/api/multi/mine', 'get')?.scopes).toEqual(['read']);
    expect(findEndpoint('/api/multi/user/x/m/y', 'get')).toBeUndefined();
  });

  it('never matches a concrete path against a selector template', () => {
    // '/r/$subreddit/$sort' is only top|controversial; '/r/aww/whatever' must stay unknown.
    expect(findEndpoint('/r/aww/whatever', 'get')).toBeUndefined();
    expect(findEndpoint('/r/$subreddit/$sort', 'get')?.listing).toBe(true);
  });

  it('answers undefined for unknown paths and undocumented verbs', () => {
    expect(findEndpoint('/api/v9/new', 'get')).toBeUndefined();
    expect(findEndpoint('/api/vote', 'get')).toBeUndefined();
    expect(findEndpoint('/r/$subreddit/hot', 'post')).toBeUndefined();
  });
});

describe('missingScope', () => {
  const read = { scopes: ['read'], json: false, query: false, listing: true };
  it('is undefined when the scope was granted, when all were, or when none is needed', () => {
    expect(missingScope(read, ['identity', 'read'])).toBeUndefined();
    expect(missingScope(read, '*')).toBeUndefined();
    expect(missingScope(read, ['*'])).toBeUndefined();
    expect(missingScope({ ...read, scopes: [] }, [])).toBeUndefined();
  });
  it('an endpoint listing several scopes needs any one of them, not all', () => {
    const either = { ...read, scopes: ['read', 'history'] };
    expect(missingScope(either, ['history'])).toBeUndefined();
    expect(missingScope(either, ['read'])).toBeUndefined();
    expect(missingScope(either, ['identity', 'history'])).toBeUndefined();
  });
  it('names the missing scope, or the alternatives', () => {
    expect(missingScope(read, ['identity'])).toBe('read');
    expect(missingScope({ ...read, scopes: ['read', 'history'] }, [])).toBe('read or history');
  });
});

describe('normalizePath', () => {
  it('keeps only the pathname, without .json', () => {
    expect(normalizePath('https://www.reddit.com/r/aww/about.json?x=1#y')).toBe('/r/aww/about');
    expect(normalizePath('/')).toBe('/');
  });
});
