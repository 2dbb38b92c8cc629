/**
 * The Node-only parts of media posts, one lazily loaded chunk (lib/core/chunks.ts) that the browser
 * builds replace with an empty module: files on disk, and undici's WebSocket where the runtime has
 * none (Node 20).
 */
export { openPath } from './files.js';
export { undiciWebSocket } from './websocket.js';
