// The environment, read safely: browsers and workers have no `process`, and Deno would stop to ask
// the user for a permission in the middle of a retry. Read when a line is due, not at import, so a
// program may set NODE_DEBUG or DEBUG after importing snoopath.

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
