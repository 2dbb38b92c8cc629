// The script-tag build as a core and parts loaded on first use, like the ES module build: rollup
// writes named AMD modules (the entry, dist/snoopath.iife.js, and its lazy chunks under dist/iife/),
// and the entry is wrapped in the small loader of scripts/iife/loader.js, which runs it at once,
// defines the global and fetches a part with a <script> tag the first time a call needs it.
import { readFileSync } from 'node:fs';

const LOADER = readFileSync(new URL('./loader.js', import.meta.url), 'utf8');

/**
 * Output options and a plugin for the script-tag build. `key`: the global (a Symbol.for key) through
 * which the parts' scripts reach their loader, versioned so that two builds on one page never share
 * one; `global`: the name the class is published under (with every public export on it, as before).
 */
export function iifeBuild({ key, global, entryId }) {
  /** The entry module's own exports (the public API); the entry chunk also exports internals to its parts. */
  let publicNames;
  const plugin = {
    name: 'iife-loader',
    buildEnd(error) {
      if (error) return;
      const entry = [...this.getModuleIds()].map((id) => this.getModuleInfo(id)).find((info) => info?.isEntry);
      publicNames = entry?.exports;
      if (!publicNames?.includes('default')) this.error('iife-loader: the entry has no default export to publish');
    },
    renderChunk(_code, chunk) {
      // The entry must run at once: it may import no other chunk statically.
      if (chunk.isEntry && chunk.imports.length) this.error(`iife-loader: the entry imports ${chunk.imports.join(', ')} statically`);
      return null;
    },
  };
  const loader = LOADER.replace(/^\/\*.*\*\/$/m, '').replaceAll('DEFINE_KEY_VALUE', JSON.stringify(key));
  const banner = (chunk) => (chunk.isEntry ? `(function () {\n'use strict';\n${loader}` : '');
  const footer = (chunk) =>
    chunk.isEntry
      ? `var entry = modules[${JSON.stringify(entryId)}].exports;
var published = entry['default'];
${JSON.stringify(publicNames)}.forEach(function (name) { published[name] = entry[name]; });
root[${JSON.stringify(global)}] = published;
})();`
      : '';
  return { plugin, banner, footer, define: `globalThis[Symbol.for(${JSON.stringify(key)})]` };
}
