// Types of scenario.mjs for the Node-side test (the runtimes load the plain JavaScript).
export declare const SCENARIOS: readonly string[];
export declare const HANG_PATH: string;
export declare const PACED: { budget: number; window: number; calls: number };
export declare const STREAM: { subreddit: string; pause: number; limit: number };
export declare const MEDIA: { name: string; type: string; size: number; subreddit: string };
export type Result = { ok: true; detail: unknown } | { ok: false; error: string };
export declare function run(lib: unknown, config: unknown): Promise<Record<string, Result>>;
