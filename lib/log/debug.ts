// Whether NODE_DEBUG or DEBUG asks for snoopath's debug and info lines: pure, table-tested.

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
