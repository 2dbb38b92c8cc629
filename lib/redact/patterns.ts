/**
 * Redaction by pattern: anything shaped like a credential, for what an instance never saw (a token
 * another program put in a URL). Pure text, shared by the redactor, error messages and log lines.
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

/** What a known secret is replaced with. */
export const REDACTED = '[REDACTED]';

