// Renders typings/endpoints.d.ts: the `Endpoints` map, keyed by path template then verb, each verb an
// `Op` (arguments, result, call options). The glue in lib/types/endpoints.ts turns it into call objects.
import { header, scopeText, typeReuser } from './common.mjs';

/** @typedef {import('../model.mjs').Endpoint} Endpoint */

const PREAMBLE = `
/** One documented verb of an endpoint: what it takes, what it answers, and the call options it needs. */
export interface Op<A, R, O = CallOptions> {
  args: A;
  result: R;
  options: O;
}

`;

/** @param {string} name */
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** Object type text of the arguments. @param {Endpoint} e */
function argsType(e) {
  if (e.callArgs.length === 0) return '{}';
  return `{ ${e.callArgs.map((a) => `${key(a.name)}${a.required ? '' : '?'}: ${a.type}`).join('; ')} }`;
}

/** @param {Endpoint} e @param {string} what */
function doc(e, what) {
  const body = e.json ? ' Sends a JSON body.' : e.query && e.verb !== 'GET' ? ' Sends its arguments in the query.' : '';
  const note = e.answerNote ? ` ${e.answerNote}` : '';
  return `    /** ${e.description} Scope: ${scopeText(e)}. ${what}${body}${note} */\n`;
}

/** The import of the types the entries name. @param {string} text @param {ReturnType<typeof import('../answers/prepare.mjs').prepareAnswers>} answers */
function imports(text, answers) {
  const things = [...Object.keys(answers.things).filter((k) => k !== 'Listing').flatMap((k) => [answers.names.data(k), `${answers.names.data(k)}Thing`]), ...answers.named.keys()];
  const known = [...new Set(['Fullname', 'JsonAck', 'JsonResponse', 'Listing', 'Thing', ...things])].sort();
  const used = known.filter((n) => new RegExp(`[^\\w$]${n}[^\\w$]`).test(text));
  const lines = [];
  let line = ' ';
  for (const n of used) {
    if (line.length + n.length > 100) {
      lines.push(line);
      line = ' ';
    }
    line += ` ${n},`;
  }
  lines.push(line);
  return `import type { CallOptions } from '../lib/types/call.js';\nimport type {\n${lines.join('\n')}\n} from '../lib/types/things.js';\n`;
}

/**
 * @param {Endpoint[]} endpoints sorted by path
 * @param {ReturnType<typeof import('../answers/prepare.mjs').prepareAnswers>} answers
 */
export function renderDts(endpoints, answers) {
  const reuse = typeReuser();
  /** @type {Map<string, Endpoint[]>} */
  const byPath = new Map();
  for (const e of endpoints) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
  let out = `${PREAMBLE}
/**
 * Every endpoint the catalog knows, keyed by the path template exactly as it is called
 * (\`reddit('/r/$subreddit/hot')\`), then by verb. A GET that answers a listing (or an array of
 * them) also gets a typed \`.listing()\`, derived from its answer.
 */
export interface Endpoints {
`;
  for (const [path, list] of byPath) {
    out += `  ${JSON.stringify(path)}: {\n`;
    for (const e of list) {
      const at = `Endpoints[${JSON.stringify(path)}][${JSON.stringify(e.verb.toLowerCase())}]`;
      const args = reuse(argsType(e), `${at}["args"]`);
      const kind = e.listing ? 'Listing; walk it with `.listing()`.' : 'Not a listing.';
      out += doc(e, kind);
      out += `    ${e.verb.toLowerCase()}: Op<${args}, ${reuse(e.result, `${at}["result"]`)}>;\n`;
    }
    out += '  };\n';
  }
  return `${header('//')}${imports(out, answers)}${out}}\n`;
}
