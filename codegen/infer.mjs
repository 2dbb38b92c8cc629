// Turns the catalog's free-text argument descriptions into TypeScript type text.
// The catalog states types only in prose ("boolean value", "one of (1, 0, -1)"), so each rule
// below matches one phrasing seen in it; anything unrecognised stays `string`, which is what
// the platform receives anyway.

/** Fullname kinds by the noun the catalog uses after "fullname of a". */
const KIND_BY_NOUN = { link: 't3', comment: 't1', account: 't2', subreddit: 't5', message: 't4' };

/** @param {string} word */
function literal(word) {
  const w = word.trim().replace(/^`|`$/g, '');
  return /^-?\d+$/.test(w) ? w : JSON.stringify(w);
}

/**
 * A union of literal types from a catalog enumeration, e.g. "one of (sub, unsub)" or "one of png or jpg".
 * @param {string} text
 * @returns {string | undefined}
 */
export function enumType(text) {
  const paren = /one of \(([^)]*)\)/.exec(text);
  const words = paren ? paren[1].replace(/`/g, '').split(',') : /one of (\w+) or (\w+)/.exec(text)?.slice(1);
  if (!words) return undefined;
  const parts = [...new Set(words.map((w) => literal(w)))];
  if (parts.length === 2 && parts.includes('"true"') && parts.includes('"false"')) return 'boolean';
  return parts.join(' | ');
}

/**
 * TypeScript type text for one argument.
 * @param {string} name the argument's name
 * @param {string} text the catalog's description of it
 * @returns {string}
 */
export function inferType(name, text) {
  const t = text.toLowerCase();
  if (t.includes('boolean value')) return 'boolean';
  const e = enumType(text);
  if (e) return e;
  if (/the string all/.test(t)) return '"all"';
  if (/\binteger\b|maximum number of items/.test(t)) return 'number';
  const list = /comma-(?:separated|delimited) list of (\w+) fullnames/.exec(t);
  if (list) return listOf(fullnameType(list[1] === 'thing' ? 'thing' : list[1].replace(/s$/, '')));
  if (/comma-(?:separated|delimited) list/.test(t)) return listOf('string');
  const one = /fullname of (?:a |an |the )?(\w+)/.exec(t);
  if (one && !/update/.test(t)) return fullnameType(one[1]);
  return 'string';
}

/** @param {string} noun */
function fullnameType(noun) {
  const kind = KIND_BY_NOUN[/** @type {keyof typeof KIND_BY_NOUN} */ (noun)];
  return kind ? `\`${kind}_\${string}\`` : 'Fullname';
}

/** The platform joins arrays with commas, so a list argument takes either form. @param {string} item */
function listOf(item) {
  return `${item} | readonly ${item.includes(' ') || item.includes('`') ? `(${item})` : item}[]`;
}

/**
 * Fields of a JSON body the catalog documents as `"key": description,` lines (PATCH prefs, PUT friend).
 * @param {string} text
 * @returns {Array<{ name: string, type: string }>}
 */
export function jsonFields(text) {
  const fields = [];
  for (const m of text.matchAll(/^\s*"([\w-]+)":\s*(.*?),?\s*$/gm)) {
    fields.push({ name: m[1], type: inferType(m[1], m[2]) });
  }
  return fields;
}
