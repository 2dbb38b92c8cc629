/** Browsers forbid setting User-Agent (Chromium drops it silently); only Node-like runtimes send it. */
export const canSetUserAgent: boolean = typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';
