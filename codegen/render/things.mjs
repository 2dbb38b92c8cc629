// Renders typings/things.d.ts: the things the platform sends (`Link`, `Comment`, ...), each with its
// `{kind, data}` form (`LinkThing`), the `Listing<T>` envelope, and the named shapes of answers
// (`ModmailConversation`, `Rule`, ...), all typed from the recorded answers.
import { objectText, typeText } from '../answers/types.mjs';
import { typeReuser } from './common.mjs';

/** @typedef {ReturnType<typeof import('../answers/prepare.mjs').prepareAnswers>} Answers */

const BASE = ['Thing', 'JsonResponse', 'JsonAck'];

/** Fullnames in a generic envelope depend on its items: plain strings there. @param {any[]} union @returns {any[]} */
const widenFullnames = (union) => union.map((alt) => (typeof alt === 'object' && 'fullname' in alt ? 'string' : alt));

/** Member types written once (render/common.mjs): `secure_media?: Link["media"]`. */
function memberReuser() {
  const reuse = typeReuser();
  return (/** @type {string} */ owner) => (/** @type {string} */ name, /** @type {boolean} */ optional, /** @type {string} */ text) =>
    reuse(text, `${owner}[${JSON.stringify(name)}]`, optional);
}

/**
 * A declaration: an interface (open to fields the recordings did not show) for one object shape,
 * a type alias otherwise.
 * @param {string} name @param {string} doc @param {any[]} union @param {Answers} a
 * @param {ReturnType<typeof memberReuser>} reuse
 */
function declaration(name, doc, union, a, reuse) {
  const docs = a.about.fields[name];
  if (union.length === 1 && typeof union[0] === 'object' && 'object' in union[0]) {
    const body = objectText(Object.entries(union[0].object), a.names, { multiline: true, open: true, docs, member: reuse(name) });
    return `/** ${doc} */\nexport interface ${name} ${body}\n`;
  }
  return `/** ${doc} */\nexport type ${name} = ${typeText(union, a.names)};\n`;
}

/** @param {Answers} a @param {string} header */
export function renderThings(a, header) {
  const reuse = memberReuser();
  let body = '';
  const envelope = a.things.Listing?.[0]?.object ?? {};
  const fields = Object.entries(envelope).map(([k, f]) => `${k}${f.optional ? '?' : ''}: ${typeText(widenFullnames(f.type), a.names)};`);
  body += `\n/** One page of things as the platform sends it. */\nexport interface Listing<T> {\n  kind: 'Listing';\n  data: { ${[...fields, 'children: T[];'].join(' ')} };\n}\n`;
  for (const kind of Object.keys(a.things).filter((k) => k !== 'Listing')) {
    const about = a.about.things[kind] ?? { name: a.names.data(kind), doc: `Data of a thing of kind \`${kind}\`.` };
    const name = a.names.data(kind);
    body += `\n${declaration(name, about.doc, a.things[kind], a, reuse)}`;
    body += `/** ${name} as the platform wraps it: \`{ kind: '${about.kind ?? kind}', data }\`. */\nexport type ${name}Thing = Thing<${name}, '${about.kind ?? kind}'>;\n`;
  }
  for (const [name, union] of a.named) body += `\n${declaration(name, a.about.shapes[name].doc, union, a, reuse)}`;
  const used = BASE.filter((n) => new RegExp(`\\b${n}\\b`).test(body));
  const intro = [
    "// Typed from the platform's recorded answers (codegen/answers/shapes.json). A field is optional",
    '// when a recorded answer lacked it; `unknown` where the recordings only ever showed `null`.',
    '// Interfaces accept fields they do not name (as `unknown`): the platform adds fields often.',
  ].join('\n');
  return `${header}import type { ${used.join(', ')} } from '../lib/types/answers/generic.js';\n\n${intro}\n${body}`;
}
