// Whether the environment asks for snoopath's debug lines. Read at each line, not at import, so a
// program may set the variable after importing; and read safely: browsers and workers have no
// `process`, and Deno would stop to ask the user for a permission in the middle of a retry.

type Host = {
  Deno?: { permissions?: { querySync?(d: { name: 'env'; variable: string }): { state: string } }; env: { get(name: string): string | undefined } };
  process?: { env?: Record<string, string | undefined> };
};

/** An environment variable, or `undefined` where there is none or reading it is not granted. */
export function envVar(name: string, host: Host = globalThis as Host): string | undefined {
  try {
    const deno = host.Deno;
    if (deno) return deno.permissions?.querySync?.({ name: 'env', variable: name }).state === 'granted' ? deno.env.get(name) : undefined;
    return host.process?.env?.[name];
  } catch {
    return undefined;
  }
}

/** Whether one pattern of NODE_DEBUG or DEBUG names snoopath: `snoopath`, `snoop*`, `*`, `snoopath:*`. */
function names(pattern: string): boolean {
  const glob = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');
  return glob.test('snoopath') || /^snoopath:/i.test(pattern);
}

/**
 * NODE_DEBUG (Node's convention: a comma-separated list of names, `*` wildcards) or DEBUG (the
 * `debug` package's: commas or spaces, `*` wildcards, `-name` excludes) asks for snoopath.
 */
export function debugWanted(nodeDebug: string | undefined, debug: string | undefined): boolean {
  const list = (value: string | undefined) => (value ?? '').split(/[\s,]+/).filter(Boolean);
  if (list(nodeDebug).some(names)) return true;
  const patterns = list(debug);
  return patterns.some((p) => !p.startsWith('-') && names(p)) && !patterns.some((p) => p.startsWith('-') && names(p.slice(1)));
}
