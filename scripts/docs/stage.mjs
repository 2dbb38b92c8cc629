// The stage every docs block plays on: names a block may use without defining them, declared for the
// type check and defined, with the same values, when a `runnable` block runs (scripts/docs/stage-run.mjs).

/** The placeholder credentials the docs write; the stage's emulator accepts them. */
export const PLACEHOLDERS = {
  userAgent: 'node:my-bot:1.0.0 (by /u/me)',
  key: 'CLIENT_ID',
  secret: 'CLIENT_SECRET',
  username: 'me',
  password: 'PASSWORD',
  redirectUri: 'http://127.0.0.1:8080/callback',
};

/** Hosts the stage's emulator answers for: a runnable block talks to "the platform" unchanged. */
export const PLATFORM_HOSTS = ['oauth.reddit.com', 'www.reddit.com'];

/** Global declarations for the type check; a block that defines one of these names shadows it. */
export const STAGE_DECLARATIONS = `// The docs check's stage (scripts/docs/stage.mjs): names a block may use without defining them.
/** The class, as \`import Snoopath from 'snoopath'\` gives it. */
declare const Snoopath: typeof import('snoopath').default;
/** An instance of the script app below, acting for \`me\`. */
declare const reddit: import('snoopath').Snoopath;
${Object.keys(PLACEHOLDERS).map((k) => `declare const ${k}: string;`).join('\n')}
`;
