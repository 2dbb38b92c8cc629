// The Cloudflare Worker of the runtime checks, run by workerd (through Miniflare, workerd-host.mjs)
// with the browser build, which is what a Workers bundler picks from the package (the `browser`
// export condition). The test's config comes as the request body; the results go back as JSON.
import * as lib from './index.js';
import { run } from './scenario.mjs';

export default {
  async fetch(request) {
    return Response.json(await run(lib, await request.json()));
  },
};
