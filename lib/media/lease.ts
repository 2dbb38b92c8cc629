import type { MediaHost } from './host.js';
import type { ResponseError } from '../errors/classes.js';
import { answerError, callOptions, step } from './steps.js';
import type { MediaRequestOptions } from './types.js';
import { uploadUrl } from './urls.js';

export const LEASE_PATH = '/api/media/asset.json';

/** An upload lease: where to send the file, the fields to send first (in this order), and the asset it becomes. */
export interface Lease {
  /** The upload URL, resolved from `action` and checked (https, or http on loopback). */
  action: string;
  fields: Array<{ name: string; value: string }>;
  assetId: string;
  websocketUrl?: string | undefined;
}

type RawLease = {
  args?: { action?: unknown; fields?: unknown };
  asset?: { asset_id?: unknown; websocket_url?: unknown };
};

/**
 * Read the platform's lease answer (`{args: {action, fields}, asset: {asset_id, websocket_url}}`):
 * the Lease, or the ResponseError saying what is wrong with it.
 */
export function parseLease(body: unknown, url: string): Lease | ResponseError {
  const raw = (body && typeof body === 'object' ? body : {}) as RawLease;
  const problem = (text: string) => answerError('lease', text, { status: 200, method: 'POST', url, body, attempts: 1 });
  const { action, fields } = raw.args ?? {};
  const assetId = raw.asset?.asset_id;
  if (typeof action !== 'string' || !Array.isArray(fields) || typeof assetId !== 'string') {
    return problem('the answer lacks args.action, args.fields or asset.asset_id: the platform may have changed its media API.');
  }
  const target = uploadUrl(action);
  if (!target) return problem(`the upload action "${action}" is neither https nor a loopback http URL: refused, the file would cross the network in clear text.`);
  const pairs: Lease['fields'] = [];
  for (const field of fields as Array<{ name?: unknown; value?: unknown }>) {
    if (typeof field?.name !== 'string') return problem('a field of args.fields has no name.');
    pairs.push({ name: field.name, value: field.value == null ? '' : String(field.value) });
  }
  const ws = raw.asset?.websocket_url;
  return { action: target, fields: pairs, assetId, websocketUrl: typeof ws === 'string' && ws ? ws : undefined };
}

/** Ask the platform for an upload lease (a normal API call: authorized, paced, retried). */
export async function requestLease(host: MediaHost, file: { name: string; type: string }, options: MediaRequestOptions): Promise<Lease> {
  // The platform's own clients send exactly these two fields: no api_type.
  const body = await step('lease', () => host.request('post', LEASE_PATH, { filepath: file.name, mimetype: file.type }, { ...callOptions(options), apiType: false }));
  const lease = parseLease(body, `${host.options.apiServerUri}${LEASE_PATH}`);
  if (lease instanceof Error) throw lease;
  return lease;
}
