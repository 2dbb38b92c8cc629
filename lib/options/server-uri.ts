import { ConfigError } from '../errors/classes.js';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Turn an `apiServerUri` / `authServerUri` value into an origin. A bare host means https; plain
 * http is allowed only for loopback hosts so that credentials never cross a network in clear text.
 */
export function normalizeServerUri(option: string, value: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ConfigError(option, `${option} is not a valid host or origin: "${value}". Use a host such as "oauth.reddit.com" or an origin such as "https://host:port".`);
  }
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
    throw new ConfigError(option, `${option} uses plain http for "${url.hostname}": credentials would cross the network in clear text. Use https, or a loopback host (localhost, 127.0.0.1, [::1]) for a local emulator.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(option, `${option} must be an http(s) origin, got protocol "${url.protocol}".`);
  }
  return url.origin;
}

/** Whether an origin points at this machine (openid-client refuses http elsewhere, and so do we). */
export function isLoopbackOrigin(origin: string): boolean {
  return LOOPBACK.test(new URL(origin).hostname);
}
