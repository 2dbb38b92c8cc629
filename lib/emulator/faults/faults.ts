import type { Ctx } from '../server/http.js';
import { htmlPage, send } from '../server/http.js';
import { makeRandom } from '../things/rng.js';
import type { FaultKind, FaultSpec } from '../types.js';

interface Pending {
  spec: FaultSpec;
  left: number;
}

const REASONS: Record<number, string> = { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Time-out' };

function chaosSpec(kind: FaultKind, r: number): FaultSpec {
  switch (kind) {
    case 'status500': return { status: 500 };
    case 'status502': return { status: 502 };
    case 'status503': return { status: 503 };
    case 'html': return { html: true };
    case 'invalidJson': return { invalidJson: true };
    case 'reset': return { reset: true };
    case 'delay': return { delay: 100 + Math.floor(r * 900) };
    case 'stall': return { stall: true };
    case 'hang': return { hang: true };
    case 'status429': return { status: 429, headers: { 'retry-after': '1' } };
  }
}

/** Faults armed by name that act where the platform would (not on arrival): `emu.inject()`'s morechildren and websocket kinds. */
export type ArmedFault = 'moreChildrenBusy' | 'websocketRefused' | 'websocketSilent';

/** Faults queued with `fault()` and chaos mode's random ones. */
export class Faults {
  private pending: Pending[] = [];
  private readonly random: () => number;
  private readonly armed = new Map<ArmedFault, Array<{ left: number; status?: number }>>();

  constructor(private readonly chaos: { rate: number; faults: readonly FaultKind[] } | undefined, seed: number) {
    this.random = makeRandom(seed);
  }

  add(spec: FaultSpec): void {
    const left = spec.times ?? 1;
    if (left > 0) this.pending.push({ spec, left });
  }

  clear(): void {
    this.pending = [];
    this.armed.clear();
  }

  /** Arms a named fault for the next `times` occasions. */
  arm(kind: ArmedFault, times: number, status?: number): void {
    if (times <= 0) return;
    const list = this.armed.get(kind) ?? [];
    list.push(status === undefined ? { left: times } : { left: times, status });
    this.armed.set(kind, list);
  }

  /** Uses up one occasion of an armed fault; answers it (with its status, if any), or undefined. */
  use(kind: ArmedFault): { status?: number } | undefined {
    const list = this.armed.get(kind);
    const first = list?.[0];
    if (!list || !first) return undefined;
    if (--first.left <= 0) list.shift();
    return first;
  }

  /** The fault for this request, if any; a queued one is used up. Preflights only match an explicit `OPTIONS`. */
  take(method: string, path: string): FaultSpec | undefined {
    for (let k = 0; k < this.pending.length; k++) {
      const p = this.pending[k] as Pending;
      const m = p.spec.method?.toUpperCase();
      if (m ? m !== method : method === 'OPTIONS') continue;
      const want = p.spec.path;
      if (want !== undefined && (typeof want === 'string' ? want !== path : !want.test(path))) continue;
      if (--p.left <= 0) this.pending.splice(k, 1);
      return p.spec;
    }
    if (!this.chaos || method === 'OPTIONS' || this.random() >= this.chaos.rate) return undefined;
    const kinds = this.chaos.faults;
    const kind = kinds[Math.floor(this.random() * kinds.length)] as FaultKind;
    return chaosSpec(kind, this.random());
  }
}

/** Whether a fault answers by itself (a pure `delay` only postpones the real answer). */
export function answers(spec: FaultSpec): boolean {
  return Boolean(spec.hang || spec.stall || spec.reset || spec.invalidJson || spec.html || spec.status !== undefined || spec.body !== undefined);
}

/** Answers (or refuses to answer) a request as the fault says. */
export function applyFault(ctx: Ctx, spec: FaultSpec): void {
  const headers = spec.headers;
  if (spec.hang) return;
  if (spec.stall) {
    // Headers promise a whole body; a first part comes, the rest never does. Logged as unanswered.
    const body = spec.body ?? '{"kind": "Listing", "data": {"children": []}}';
    ctx.entry.status = 0;
    if (headers) for (const [k, v] of Object.entries(headers)) ctx.res.setHeader(k, v);
    ctx.res.writeHead(spec.status ?? 200, { 'Content-Type': spec.contentType ?? 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(body) });
    ctx.res.write(body.slice(0, Math.max(1, Math.floor(body.length / 2))));
    return;
  }
  if (spec.reset) {
    ctx.entry.status = 0;
    ctx.req.socket.destroy();
    return;
  }
  if (spec.invalidJson) {
    send(ctx, spec.status ?? 200, spec.body ?? '{"kind": "Listing", "data": {"children": [{"kind": "t3", "da', spec.contentType ?? 'application/json; charset=UTF-8', headers);
    return;
  }
  if (spec.html) {
    const status = spec.status ?? 200;
    send(ctx, status, spec.body ?? htmlPage(status, REASONS[status] ?? 'reddit.com'), spec.contentType ?? 'text/html; charset=UTF-8', headers);
    return;
  }
  const status = spec.status ?? 500;
  if (spec.body !== undefined) {
    const type = spec.contentType ?? (/^\s*[[{]/.test(spec.body) ? 'application/json; charset=UTF-8' : 'text/plain; charset=UTF-8');
    send(ctx, status, spec.body, type, headers);
  } else if (status >= 500) {
    send(ctx, status, htmlPage(status, REASONS[status] ?? 'Server Error'), spec.contentType ?? 'text/html; charset=UTF-8', headers);
  } else if (status === 429 || status === 204 || status === 304) {
    send(ctx, status, '', spec.contentType, headers);
  } else {
    send(ctx, status, JSON.stringify({ message: 'Error', error: status }), spec.contentType ?? 'application/json; charset=UTF-8', headers);
  }
}
