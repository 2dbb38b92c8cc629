// The stage every docs block plays on: names a block may use without defining them, declared for the
// type check and defined, with the same values, when a block runs (scripts/docs/stage-run.mjs), and
// what the stage's platform holds for the docs' examples.

/** The placeholder credentials the docs write; the stage's emulator accepts them. */
export const PLACEHOLDERS = {
  userAgent: 'node:my-bot:1.0.0 (by /u/me)',
  key: 'CLIENT_ID',
  secret: 'CLIENT_SECRET',
  username: 'me',
  password: 'PASSWORD',
  redirectUri: 'http://127.0.0.1:8080/callback',
};

/** Hosts the stage's emulator answers for: a block talks to "the platform" unchanged. */
export const PLATFORM_HOSTS = ['oauth.reddit.com', 'www.reddit.com'];

/** Post ids the docs write as placeholders (`/comments/abc123`, `t3_abc`): they name the stage's example thread. */
export const PLACEHOLDER_POSTS = ['abc123', 'abc'];

/**
 * The platform as the docs' examples expect it: the placeholder script app, whose developers are
 * the accounts the docs sign in with; the subreddits they post to; one thread with a comment tree
 * deep and wide enough for `tree()` to expand `more` stubs (the placeholder posts).
 */
export const STAGE_PLATFORM = {
  // The first account approves authorize requests: the docs' `me`.
  accounts: [
    { name: PLACEHOLDERS.username, password: PLACEHOLDERS.password },
    { name: 'demo_user', password: 'demo_password' },
    { name: 'other_user', password: 'other_password' },
    { name: 'bot_one', password: 'bot_one_password' },
    { name: 'bot_two', password: 'bot_two_password' },
  ],
  developers: [PLACEHOLDERS.username, 'bot_one', 'bot_two'],
  subreddits: { aww: 250, programming: 250, snoopath: 30, pics: 30, videos: 30, dataisbeautiful: 30 },
  thread: { subreddit: 'aww', title: 'Kittens of the week', comments: { comments: 400, topLevel: 60, branching: 3, depth: 8, deleted: 4 } },
  // A budget the client learns from the headers: it paces by it instead of 1 s apart, as on the platform.
  rateLimit: { budget: 100_000, window: 600 },
};

/** The environment a block runs in (what a user's shell would hold; REDDIT_REFRESH_TOKEN is added at run time). */
export const STAGE_ENV = { BOT_ONE_PASSWORD: 'bot_one_password', BOT_TWO_PASSWORD: 'bot_two_password' };

/** Files in the working directory a block runs in (the docs post `./cat.png`); contents are small stand-ins. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAABAAAAAJCAAAAAAeQfPuAAAAD0lEQVR42mNoQAMMg0QAAIXUSAG1CN3UAAAAAElFTkSuQmCC';
export const STAGE_FILES = { 'cat.png': PNG, 'clip.jpg': PNG, 'clip.mp4': Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom').toString('base64') };

/** Global declarations for the type check; a block that defines one of these names shadows it. */
export const STAGE_DECLARATIONS = `// The docs check's stage (scripts/docs/stage.mjs): names a block may use without defining them.
/** The class, as \`import Snoopath from 'snoopath'\` gives it. */
declare const Snoopath: typeof import('snoopath').default;
/** An instance of the script app below, acting for \`me\`. */
declare const reddit: import('snoopath').Snoopath;
/** The emulator that plays the platform (oauth.reddit.com and www.reddit.com reach it). */
declare const emu: import('snoopath/emulator').Emulator;
${Object.keys(PLACEHOLDERS).map((k) => `declare const ${k}: string;`).join('\n')}
`;
