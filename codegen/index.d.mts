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
  /** Another endpoint (`VERB /path`) whose recorded answers this one shares. */
  answerOf?: string;
  description?: string;
}

export interface Endpoint extends EndpointRecord {
  callArgs: Arg[];
  result: string;
  description: string;
  /** Where the answer type comes from (recordings, or none), for the typing's JSDoc. */
  answerNote?: string;
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
export function generate(): Record<string, string>;
