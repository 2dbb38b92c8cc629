/**
 * undici's WebSocket, for Node versions without a global one (Node 20; from 22 on, Node's global
 * WebSocket is undici's). Called by the first media post that listens for its result there.
 *
 * Required through `process.getBuiltinModule` rather than imported: no bundler (ours for the browser
 * builds, or an application's) follows it into undici or Node's built-ins. undici's index is
 * required, not its websocket file alone: the index is what wires undici's parts together.
 */
type NodeModule = { createRequire(from: string | URL): (id: string) => unknown };

export function undiciWebSocket(): typeof WebSocket | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const module = proc?.getBuiltinModule?.('node:module') as NodeModule | undefined;
  if (!module) return undefined;
  const undici = module.createRequire(import.meta.url)('undici') as { WebSocket?: typeof WebSocket };
  return typeof undici.WebSocket === 'function' ? undici.WebSocket : undefined;
}
