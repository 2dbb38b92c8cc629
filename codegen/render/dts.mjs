// Renders typings/endpoints.d.ts: the `Endpoints` map, keyed by path template then verb, each verb an
// `Op` (arguments, result, call options). The glue in lib/types/endpoints.ts turns it into call objects.
import { header, scopeText } from './common.mjs';

/** @typedef {import('../model.mjs').Endpoint} Endpoint */

const PREAMBLE = `import type { CallOptions, Thing } from '../lib/types/call.js';
import type {
  Account, CommentThing, Fullname, JsonResponse, LinkThing, Listing, MessageThing, MoreThing,
  Subreddit, SubredditThing, UserListEntry,
} from '../lib/types/things.js';

/** One documented verb of an endpoint: what it takes, what it answers, and the call options it needs. */
export interface Op<A, R, O = CallOptions> {
  args: A;
  result: R;
  options: O;
}

/** \`.listing()\` of a listing endpoint: what it takes, the type of one item, and the call options it needs. */
export interface ListingOp<A, I, O = CallOptions> {
  args: A;
  item: I;
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

/** @param {Endpoint} e */
function options(e) {
  return e.listingIndex ? ', CallOptions & { listingIndex: number }' : '';
}

/** @param {Endpoint} e @param {string} what */
function doc(e, what) {
  const body = e.json ? ' Sends a JSON body.' : '';
  return `    /** ${e.description} Scope: ${scopeText(e)}. ${what}${body} */\n`;
}

/** @param {Endpoint[]} endpoints sorted by path */
export function renderDts(endpoints) {
  /** @type {Map<string, Endpoint[]>} */
  const byPath = new Map();
  for (const e of endpoints) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
  let out = `${header('//')}${PREAMBLE}
/**
 * Every endpoint the catalog knows, keyed by the path template exactly as it is called
 * (\`reddit('/r/$subreddit/hot')\`), then by verb. A \`listing\` entry means \`.listing()\` is typed too.
 */
export interface Endpoints {
`;
  for (const [path, list] of byPath) {
    out += `  ${JSON.stringify(path)}: {\n`;
    for (const e of list) {
      const args = argsType(e);
      const kind = e.listing ? 'Listing; walk it with `.listing()`.' : 'Not a listing.';
      out += doc(e, kind);
      out += `    ${e.verb.toLowerCase()}: Op<${args}, ${e.result}${options(e)}>;\n`;
      if (e.verb === 'GET' && (e.listing || e.listingIndex)) {
        out += doc(e, 'Resolves to a page you can walk.');
        out += `    listing: ListingOp<${args}, ${e.item}${options(e)}>;\n`;
      }
    }
    out += '  };\n';
  }
  return `${out}}\n`;
}
