// Which known endpoint a recorded request went to: its concrete path matched against the templates,
// as the client's own lookup does (the template with most literal segments wins; selector templates
// such as `/r/$subreddit/$sort` only stand for their siblings, so they are left out).

/**
 * @param {Array<{ verb: string, path: string, selector?: boolean }>} endpoints
 * @returns {(verb: string, pathname: string) => string | undefined} the `VERB /template` key, if any
 */
export function matcher(endpoints) {
  /** @type {Map<string, Array<{ key: string, segments: string[], literals: number }>>} */
  const byVerb = new Map();
  for (const e of endpoints) {
    if (e.selector) continue;
    const segments = e.path.split('/');
    const list = byVerb.get(e.verb) ?? [];
    list.push({ key: `${e.verb} ${e.path}`, segments, literals: segments.filter((s) => !s.startsWith('$')).length });
    byVerb.set(e.verb, list);
  }
  return (verb, pathname) => {
    const given = concretePath(pathname).split('/');
    let best;
    for (const t of byVerb.get(verb.toUpperCase()) ?? []) {
      if (t.segments.length !== given.length || (best && best.literals >= t.literals)) continue;
      if (t.segments.every((s, i) => (s.startsWith('$') ? given[i] !== '' : s === given[i]))) best = t;
    }
    return best?.key;
  };
}

/** A recorded pathname as the templates write paths: decoded, no trailing `/`, no `.json`. @param {string} pathname */
export function concretePath(pathname) {
  let path = pathname.split('/').map((s) => { try { return decodeURIComponent(s); } catch { return s; } }).join('/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path.endsWith('.json') ? path.slice(0, -5) : path;
}
