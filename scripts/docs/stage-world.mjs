// Streams on the stage: an example's `for await` over a stream would poll for ever. The stage ends
// every stream of a block WINDOW ms after the first one starts (through the stream's own `signal`:
// the loop exits cleanly and the code after it runs), and meanwhile the platform's other users
// write where the block listens, some of them about kittens (what the docs' bots answer), so a bot
// that answers its own replies is caught by scripts/docs/stage-platform.mjs within the window.
export const WINDOW = 3000;
const EVERY = 400;
const LINES = ['Look at this kitten!', 'A very good dog.', 'My kitten found a box.', 'Nice light in this one.'];

/**
 * @param {import('snoopath/emulator').Emulator} emu the stage's emulator
 * @param {string} account the account the docs sign in as (messages are sent to it)
 */
export function stageWorld(emu, account) {
  const over = new AbortController();
  /** Where the world writes: what addItems takes, by listing. @type {Map<string, object>} */
  const places = new Map();
  let said = 0;
  let timer;
  const tick = () => {
    for (const spec of places.values()) {
      const line = LINES[said++ % LINES.length];
      emu.addItems({ ...spec, title: line, body: line });
    }
  };
  return {
    /**
     * A stream starts on `path` (the path as given to `reddit(path)`) with its arguments; resolves to
     * the signal that ends it with the window.
     * @param {string} path @param {Record<string, unknown> | undefined} args
     */
    streamed(path, args) {
      // A list of subreddits (an array, or a+b+c): the others write in its first one.
      const named = args?.$subreddit ?? /^\/r\/([^/$]+)/.exec(path)?.[1] ?? '';
      const subreddit = (Array.isArray(named) ? String(named[0] ?? '') : String(named)).split('+')[0];
      if (/^\/message\//.test(path)) places.set('inbox', { kind: 'message', to: account, author: 'other_user' });
      // mod, all and popular are no subreddit of their own: the others write in the stage's first one (which they list).
      else if (subreddit) places.set(`${subreddit} ${path}`, { kind: /\/comments\/?$/.test(path) ? 'comment' : 'post', subreddit: /^(mod|all|popular)$/i.test(subreddit) ? undefined : subreddit, author: 'other_user' });
      if (!timer) {
        tick();
        timer = setInterval(tick, EVERY);
        setTimeout(() => {
          clearInterval(timer);
          over.abort(new Error(`the docs stage ends streams after ${WINDOW} ms`));
        }, WINDOW);
      }
      return over.signal;
    },
  };
}
