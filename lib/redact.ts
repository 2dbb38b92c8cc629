/**
 * Last line of defence so that secrets never reach an error message: anything shaped like a
 * credential is masked. Errors are built from our own words first; this catches what slips through
 * from a server's echo or a dependency's message.
 */
const patterns: Array<[RegExp, string]> = [
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
  // form and query style: token=value
  [/\b((?:access_token|refresh_token|password|client_secret|secret|token)=)[^&\s"']+/gi, '$1[redacted]'],
  // prose style, for names that can only mean a credential: password: value
  [/\b((?:access_token|refresh_token|client_secret|password)\s*:\s*)(?!\s*")[^\s,;}"']+/gi, '$1[redacted]'],
  // JSON style: "token": "value"
  [/("(?:access_token|refresh_token|password|client_secret|secret|token)"\s*:\s*")[^"]*/gi, '$1[redacted]'],
];

export function redact(text: string): string {
  let out = text;
  for (const [re, by] of patterns) out = out.replace(re, by);
  return out;
}

/** Query parameters that carry credentials (a code too) are masked wherever a URL is reported. */
export function redactUrl(url: string): string {
  return url.replace(/([?&#](?:access_token|refresh_token|token|code|password|client_secret)=)[^&#]*/gi, '$1[redacted]');
}
