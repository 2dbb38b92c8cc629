import { createRequire } from 'node:module';
import type { Agent, Dispatcher, EnvHttpProxyAgent, ProxyAgent } from 'undici';

/**
 * The parts of undici the Node transport uses, one file each: the package's index loads all of
 * undici (fetch, websockets, caches, mocks), about 2.5x the start-up time of these. undici is
 * CommonJS, so they are required: `import()` of CommonJS from an ES module first scans every file
 * for its exports (a tenth of what the first call spent loading the transport).
 */
const require = createRequire(import.meta.url);

export type RequestFn = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

export const requestFn = (): RequestFn => require('undici/lib/api/api-request.js');
export const AgentClass = (): typeof Agent => require('undici/lib/dispatcher/agent.js');

/**
 * The proxy agents come from undici's index, whatever it costs: a CONNECT tunnel calls
 * `connect()` on the client to the proxy, a method only the index adds to every dispatcher
 * (`Object.assign(Dispatcher.prototype, api)`). Loaded file by file, every request through a proxy
 * failed with "this[kClient].connect is not a function". Only instances with `proxy` load it.
 */
const undiciIndex = (): typeof import('undici') => require('undici');
export const ProxyAgentClass = (): typeof ProxyAgent => undiciIndex().ProxyAgent;
export const EnvProxyAgentClass = (): typeof EnvHttpProxyAgent => undiciIndex().EnvHttpProxyAgent;
