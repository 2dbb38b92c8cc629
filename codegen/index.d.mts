// Types of codegen/index.mjs, so the TypeScript tests can import the plain-JS generator.

export interface Arg {
  name: string;
  type: string;
  required: boolean;
}

export interface EndpointRecord {
  verb: string;
  path: string;
  scopes: string[];
  oauth: boolean;
  listing: boolean;
  json: boolean;
  args: Arg[];
  result?: string;
  item?: string;
  listingIndex?: boolean;
  selector?: boolean;
  dotJson?: boolean;
  /** Missing from the platform's documentation (PRAW calls it): its scope is not known. */
  undocumented?: boolean;
  /** Added from the endpoints PRAW calls (overlay `praw`): its scopes are typed and documented, not checked at run time. */
  praw?: boolean;
  /** Its arguments travel in the query string, whatever the verb. */
  query?: boolean;
  /** Another endpoint (`VERB /path`) whose recorded answers this one shares. */
  answerOf?: string;
  /** Where the answer type comes from (recordings, or none), for the typing's JSDoc. */
  answerNote?: string;
  description?: string;
}

export interface Endpoint extends EndpointRecord {
  callArgs: Arg[];
  result: string;
  description: string;
}

/** A raw entry of reddit-api-generator's api.json (only the fields the generator reads). */
export interface RawEntry {
  path: string;
  method: string;
  oauth: string[];
  url: Record<string, string>;
  isListing: boolean;
  args: Record<string, { describe?: string }>;
}

export function inferType(name: string, text: string): string;
export function enumType(text: string): string | undefined;
export function jsonFields(text: string): Array<{ name: string; type: string }>;
export function normalize(raw: RawEntry): EndpointRecord;
export function pathParams(path: string): string[];
export function mergeOverlay(records: EndpointRecord[], overlay: unknown): EndpointRecord[];
export function markSelectors(records: EndpointRecord[]): Map<EndpointRecord, string[]>;
export function buildModel(catalog: RawEntry[], overlay: unknown, descriptions: Record<string, string>, answers?: unknown): Endpoint[];
export function runtimeLines(endpoints: Endpoint[]): string[];
/** The runtime table's lines packed into the tree lib/endpoints/table.ts reads. */
export function packTable(lines: string[]): string;
/** The lines of the body-type table: writes sent as JSON or in the query, and the templates a concrete path of theirs could match instead. */
export function bodyLines(lines: string[]): string[];
export function generate(): Record<string, string>;
export function endpointModel(): Endpoint[];

/** A learned shape: a union of alternatives (see codegen/answers/shape.mjs). */
export type Shape = unknown[];
export interface Sample {
  file: string;
  verb: string;
  pathname: string;
  query: string[];
  body: { names: string[]; json: boolean };
  status: number;
  answer: string;
}
export interface Learned {
  endpoints: Record<string, { recordings: number; answer?: Shape; heldBack?: 1; sent: string[]; body?: string }>;
  things: Record<string, Shape>;
  held: Array<{ key: string; file: string; value: unknown }>;
}
export interface Names {
  thing(kind: string): string;
  data(kind: string): string;
}
export function infer(value: unknown, things: Map<string, Shape>, key?: string, envelope?: boolean): Shape;
export function inferAnswer(value: unknown, things: Map<string, Shape>): Shape;
export function merge(a: Shape, b: Shape, oneObject?: boolean): Shape;
export function mergeAll(unions: Shape[]): Shape;
export function canonical(union: Shape): Shape;
export function recordOf(value: Record<string, unknown>, key: string | undefined): false | { inner: string | undefined };
export function bareKind(value: unknown): string | undefined;
export function answerValue(text: string): { value: unknown } | undefined;
export function heldFile(key: string, samples: Sample[]): string | undefined;
export function learn(samples: Sample[], match: (verb: string, pathname: string) => string | undefined): Learned;
export function matcher(endpoints: Array<{ verb: string; path: string; selector?: boolean }>): (verb: string, pathname: string) => string | undefined;
export function concretePath(pathname: string): string;
export function scrubbed(value: unknown, key?: string, depth?: number): string;
export function typeText(union: Shape, names: Names): string;
export function nameShapes(endpoints: Record<string, { answer?: Shape }>, shapes: Record<string, { at: string[] }>): { answers: Map<string, Shape>; named: Map<string, Shape> };
export function applyAnswers(records: EndpointRecord[], selectors: Map<EndpointRecord, string[]>, snapshot: { answers: Map<string, Shape> }, names: Names): void;
