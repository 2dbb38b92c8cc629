import type { CursorStore, StreamCursor } from '../../../lib/index.js';

/** A cursor store keeping the cursor as JSON text, as a file or Redis would. */
export function textStore(): CursorStore & { text: string | null } {
  const store = {
    text: null as string | null,
    get: async () => store.text,
    set: async (cursor: StreamCursor) => void (store.text = JSON.stringify(cursor)),
  };
  return store;
}
