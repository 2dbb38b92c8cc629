import { describe, it, expect } from '@jest/globals';
import { authUrl, randomState } from '../../lib/auth/urls.js';
import { parseRedirect } from '../../lib/auth/redirect.js';
import { AuthError, ConfigError } from '../../lib/errors/classes.js';
import { resolveOptions, type OAuthOptions } from '../../lib/options/schema.js';

const UA = 'node:snoopath-tests:1.0.0 (by /u/tester)';
const oauthOf = (oauth: Record<string, unknown>): OAuthOptions => resolveOptions({ userAgent: UA, oauth }).oauth!;

const explicit = oauthOf({ type: 'explicit', key: 'myClientId', secret: 's3cr3t', redirectUri: 'https://app.example/cb?x=1', scope: ['identity', 'read', 'vote'], duration: 'permanent' });
const implicit = oauthOf({ type: 'implicit', key: 'myClientId', redirectUri: 'https://app.example/cb', scope: ['identity'] });
const script = oauthOf({ type: 'script', key: 'k', secret: 's3cr3t', username: 'u', password: 'p4ssw0rd' });

const parse = (url: string) => {
  const u = new URL(url);
  return { base: `${u.origin}${u.pathname}`, params: Object.fromEntries(u.searchParams), keys: [...u.searchParams.keys()] };
};

function authError(fn: () => unknown): AuthError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError);
    return error as AuthError;
  }
  throw new Error('expected an AuthError');
}

describe('authUrl: explicit (authorization code)', () => {
  it('asks for a code with duration, space-separated scope, redirect_uri and state', () => {
    const { base, params } = parse(authUrl(explicit, 'explicit', 'https://www.reddit.com', false, 'st4te'));
    expect(base).toBe('https://www.reddit.com/api/v1/authorize');
    expect(params).toEqual({
      client_id: 'myClientId',
      response_type: 'code',
      state: 'st4te',
      redirect_uri: 'https://app.example/cb?x=1',
      duration: 'permanent',
      scope: 'identity read vote',
    });
  });

  it('encodes the scope separator as a space (+ or %20), never a comma', () => {
    const url = authUrl(explicit, 'explicit', 'https://www.reddit.com', false, 's');
    expect(url).toMatch(/scope=identity(\+|%20)read(\+|%20)vote/);
  });

  it('defaults duration to temporary and scope to "*"', () => {
    const o = oauthOf({ type: 'explicit', key: 'k', secret: 's', redirectUri: 'https://a/cb' });
    const { params } = parse(authUrl(o, 'explicit', 'https://www.reddit.com', false, 's'));
    expect(params.duration).toBe('temporary');
    expect(params.scope).toBe('*');
  });

  it('uses /api/v1/authorize.compact when mobile', () => {
    const { base } = parse(authUrl(explicit, 'explicit', 'https://www.reddit.com', true, 's'));
    expect(base).toBe('https://www.reddit.com/api/v1/authorize.compact');
  });

  it('goes to the given auth origin', () => {
    expect(parse(authUrl(explicit, 'explicit', 'http://127.0.0.1:8080', false, 's')).base).toBe('http://127.0.0.1:8080/api/v1/authorize');
  });

  it('never carries the client secret', () => {
    expect(authUrl(explicit, 'explicit', 'https://www.reddit.com', false, 's')).not.toContain('s3cr3t');
  });

  it('encodes a state with special characters so it comes back intact', () => {
    expect(parse(authUrl(explicit, 'explicit', 'https://www.reddit.com', false, 'a&b=c d#')).params.state).toBe('a&b=c d#');
  });
});

describe('authUrl: implicit (token)', () => {
  it('asks for a token without duration', () => {
    const { base, params, keys } = parse(authUrl(implicit, 'implicit', 'https://www.reddit.com', false, 'xyz'));
    expect(base).toBe('https://www.reddit.com/api/v1/authorize');
    expect(params).toEqual({ client_id: 'myClientId', response_type: 'token', state: 'xyz', redirect_uri: 'https://app.example/cb', scope: 'identity' });
    expect(keys).not.toContain('duration');
  });

  it('uses .compact when mobile', () => {
    expect(parse(authUrl(implicit, 'implicit', 'https://www.reddit.com', true, 's')).base).toMatch(/\/api\/v1\/authorize\.compact$/);
  });

  it('an explicit app can still ask for an implicit URL (no duration)', () => {
    const { params, keys } = parse(authUrl(explicit, 'implicit', 'https://www.reddit.com', false, 's'));
    expect(params.response_type).toBe('token');
    expect(keys).not.toContain('duration');
  });
});

describe('authUrl: script apps have none', () => {
  it('throws ConfigError naming oauth.type', () => {
    for (const kind of ['explicit', 'implicit'] as const) {
      expect(() => authUrl(script, kind, 'https://www.reddit.com', false, 's')).toThrow(ConfigError);
      try {
        authUrl(script, kind, 'https://www.reddit.com', false, 's');
      } catch (e) {
        expect((e as ConfigError).option).toBe('oauth.type');
        expect((e as Error).message).not.toContain('p4ssw0rd');
        expect((e as Error).message).not.toContain('s3cr3t');
      }
    }
  });
});

describe('randomState', () => {
  it('is 32 hex characters and differs between calls', () => {
    const a = randomState();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomState()).not.toBe(a);
  });
});

describe('parseRedirect reads what the redirect carried', () => {
  it('reads a code and state from a full redirect URL', () => {
    expect(parseRedirect('https://app.example/cb?state=s1&code=C0DE', 's1')).toEqual({ code: 'C0DE', state: 's1' });
  });

  it('reads an implicit fragment with token, expiry and state', () => {
    expect(parseRedirect('https://app.example/cb#access_token=T0K-en_1&token_type=bearer&expires_in=3600&scope=identity&state=s1', 's1')).toEqual({
      accessToken: 'T0K-en_1', expiresIn: 3600, state: 's1',
    });
  });

  it('reads a bare fragment', () => {
    expect(parseRedirect('#access_token=abc&expires_in=3600&state=xyz', 'xyz')).toEqual({ accessToken: 'abc', expiresIn: 3600, state: 'xyz' });
  });

  it('reads a bare query without ? or #', () => {
    expect(parseRedirect('code=abc&state=xyz')).toEqual({ code: 'abc', state: 'xyz' });
  });

  it('lets the fragment win over the query for the same key', () => {
    expect(parseRedirect('https://app.example/cb?state=s1&access_token=old#access_token=new&expires_in=60', 's1')).toEqual({ accessToken: 'new', expiresIn: 60, state: 's1' });
  });

  it('takes a bare value as the code or the token', () => {
    expect(parseRedirect('  abcDEF-123_x  ')).toEqual({ code: 'abcDEF-123_x', accessToken: 'abcDEF-123_x' });
  });

  it('leaves out a non-numeric expires_in', () => {
    expect(parseRedirect('#access_token=a&expires_in=soon')).toEqual({ accessToken: 'a' });
  });

  it('accepts a matching state and any state when none is expected', () => {
    expect(parseRedirect('?code=c&state=anything').state).toBe('anything');
  });

  it('decodes percent-encoded values', () => {
    expect(parseRedirect('https://app.example/cb?code=a%2Bb&state=x%20y', 'x y')).toEqual({ code: 'a+b', state: 'x y' });
  });
});

describe('parseRedirect failures are AuthError', () => {
  it('error=access_denied → code access_denied', () => {
    const e = authError(() => parseRedirect('https://app.example/cb#error=access_denied&state=s1', 's1'));
    expect(e.code).toBe('access_denied');
    expect(e.message).toMatch(/declined/);
  });

  it('a forged error=access_denied (another state, or none) is state_mismatch, not the user declining', () => {
    expect(authError(() => parseRedirect('https://app.example/cb?error=access_denied&state=forged', 's1')).code).toBe('state_mismatch');
    expect(authError(() => parseRedirect('https://app.example/cb?error=access_denied', 's1')).code).toBe('state_mismatch');
  });

  it('error=access_denied in a query too', () => {
    expect(authError(() => parseRedirect('https://app.example/cb?state=s1&error=access_denied')).code).toBe('access_denied');
  });

  it('other errors carry their code', () => {
    expect(authError(() => parseRedirect('?error=invalid_scope&state=s')).code).toBe('invalid_scope');
  });

  it('a state that does not match → state_mismatch, without echoing the token', () => {
    const e = authError(() => parseRedirect('#access_token=SECRETTOKEN123&state=evil', 'mine'));
    expect(e.code).toBe('state_mismatch');
    expect(e.message).not.toContain('SECRETTOKEN123');
  });

  it.each([
    'https://app.example/cb?state=s1',
    'https://app.example/cb#state=s1&token_type=bearer',
    'https://app.example/cb',
    '?foo=bar',
    'code=&state=s1',
  ])('a redirect with neither code nor token (%s) → AuthError', (input) => {
    expect(authError(() => parseRedirect(input)).code).toBe('invalid_request');
  });

  it.each(['', '   ', '\n'])('an empty input (%j) → AuthError', (input) => {
    expect(authError(() => parseRedirect(input)).code).toBe('invalid_request');
  });
});

describe('a redirect without the state we sent is refused', () => {
  it('rejects a fragment with no state when one was expected', () => {
    expect(() => parseRedirect('https://app.test/cb#access_token=tok-abcdef&expires_in=3600', 'sent-state')).toThrow(expect.objectContaining({ name: 'AuthError', code: 'state_mismatch' }));
    expect(parseRedirect('bare-code-value', 'sent-state')).toMatchObject({ code: 'bare-code-value' });
  });
});
