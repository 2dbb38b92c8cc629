// Entry of the runtime checks under Deno and Bun: imports the package by its name, as a user's
// script does (the repository's own package.json maps `snoopath` to the build in dist/), runs
// scenario.mjs with the JSON config given as the first argument, and prints the results as one line.
import * as lib from 'snoopath';
import { run } from './scenario.mjs';

const [json] = globalThis.Deno ? globalThis.Deno.args : process.argv.slice(2);
const results = await run(lib, JSON.parse(json));
console.log(`SNOOPATH_RESULTS ${JSON.stringify(results)}`);
