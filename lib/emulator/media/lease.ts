import type { Ctx } from '../server/http.js';
import { json } from '../server/http.js';
import type { State } from '../state.js';
import { STORAGE_LIMITS } from './store.js';

function badRequest(ctx: Ctx, field: string, explanation: string): void {
  json(ctx, 400, { fields: [field], explanation, message: 'Bad Request', reason: 'BAD_REQUEST' });
}

/**
 * `POST /api/media/asset.json` (`filepath`, `mimetype`): an upload lease on the storage host, in the
 * platform's shape. An https storage host is named protocol-relative (`//host:port`), as the
 * platform names its own: `//` means https. A plain-http one is named with its scheme, the only way
 * a client may be sent to plain http (and on loopback only).
 */
export function leaseEndpoint(ctx: Ctx, state: State): void {
  const { filepath, mimetype } = ctx.params;
  if (!filepath) return badRequest(ctx, 'filepath', 'filepath (the file name) is required');
  if (!mimetype || STORAGE_LIMITS[mimetype] === undefined) {
    return badRequest(ctx, 'mimetype', `mimetype must be one of ${Object.keys(STORAGE_LIMITS).join(', ')}`);
  }
  const media = state.media;
  const lease = media.lease(filepath, mimetype);
  json(ctx, 200, {
    args: { action: media.storageUrl.replace(/^https:/, ''), fields: lease.fields },
    asset: { asset_id: lease.assetId, processing_state: 'incomplete', payload: { filepath }, websocket_url: media.websocketUrl(lease) },
  });
}
