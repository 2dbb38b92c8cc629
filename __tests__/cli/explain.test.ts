import { describe, expect, it } from '@jest/globals';
import { explain, inCliTerms } from '../../lib/cli/explain.js';
import { AuthError, ConfigError, NetworkError, ResponseError, TimeoutError } from '../../lib/errors/classes.js';

const given = { authServerUri: 'http://127.0.0.1:8090' };

describe('snoopath auth: failures in the command\'s terms', () => {
  it.each([
    ['invalid_grant', 'password grant', /check SNOOPATH_USERNAME and SNOOPATH_PASSWORD \(or --username and --password\)/],
    ['invalid_grant', 'code exchange', /refused the code \(invalid_grant\): a code is single use/],
    ['invalid_client', 'password grant', /check SNOOPATH_CLIENT_ID and SNOOPATH_CLIENT_SECRET/],
    ['unauthorized_client', 'password grant', /--script checks the credentials of script apps/],
    ['unsupported_grant_type', 'code exchange', /the code flow needs a web app/],
    ['invalid_scope', 'code exchange', /check --scope/],
    ['access_denied', 'code exchange', /declined/],
  ] as const)('AuthError %s during the %s', (code, step, message) => {
    const text = explain(new AuthError('library text: check oauth.password', { code }), step, {});
    expect(text).toMatch(message);
    expect(text).not.toMatch(/oauth\.|ServerUri/);
  });

  it('an unreachable server is named by its flag, with the value given or its default', () => {
    const refused = new NetworkError('POST http://127.0.0.1:8090/api/v1/access_token failed (ECONNREFUSED): check the network, or apiServerUri/authServerUri.', undefined);
    expect(explain(refused, 'password grant', given)).toBe('POST http://127.0.0.1:8090/api/v1/access_token failed (ECONNREFUSED). Token requests go to --auth-server (given as http://127.0.0.1:8090): check it, and the network.');
    const late = new TimeoutError('GET https://oauth.reddit.com/api/v1/me timed out: no complete answer within 20000 ms. Raise requestTimeout if the server is slow, or check that it is the right one.');
    expect(explain(late, 'api call', given)).toBe('GET https://oauth.reddit.com/api/v1/me timed out. API calls go to --api-server (default oauth.reddit.com): check it, and the network.');
  });

  it('other failures keep their text, with option names made flags and the server that answered', () => {
    const answer = new ResponseError('GET /api/v1/me answered 403: the token lacks a scope.', { status: 403, method: 'GET', url: 'https://oauth.reddit.com/api/v1/me', body: '', errors: [], attempts: 1 });
    expect(explain(answer, 'api call', {})).toBe('GET /api/v1/me answered 403: the token lacks a scope. (API calls go to --api-server: oauth.reddit.com.)');
    expect(explain(new ConfigError('userAgent', 'Option userAgent must not contain CR or LF characters; got "a\\nb".'), 'setup', {})).toBe('--user-agent must not contain CR or LF characters; got "a\\nb".');
    expect(inCliTerms('check oauth.key and oauth.secret, or authServerUri')).toBe('check SNOOPATH_CLIENT_ID (--client-id) and SNOOPATH_CLIENT_SECRET (--client-secret), or --auth-server');
  });
});
