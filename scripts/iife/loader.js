// The module loader of the script-tag build (dist/snoopath.iife.js), written around its entry chunk
// by scripts/iife/plugin.mjs. The build is AMD (rollup's `amd` format with named modules): the entry
// runs at once and defines the global; each lazy part is a script of its own under `iife/`, next to
// this file, fetched with a <script> tag (importScripts in a worker) the first time a call needs it.
// The plugin fills in the key of the global define (below) and adds, after the entry, the lines that publish the global.
/* global DEFINE_KEY_VALUE */
var root = typeof globalThis !== 'undefined' ? globalThis : self;
var doc = root.document;
var script = doc && doc.currentScript;
var here = (script && script.src) || (root.location && root.location.href) || '';
// Served as a file (…/snoopath.iife.js, whatever its name), the parts are in ./iife/; served as a
// package URL by a CDN (https://unpkg.com/snoopath@3 answers with this file), under /dist/iife/ there.
var dist = /\.js(?:[?#]|$)/i.test(here) ? new URL('./', here).href : here.replace(/[?#].*$/, '').replace(/\/*$/, '/dist/');
/** id -> {exports, done, promise, ok, fail} */
var modules = {};

function record(id) {
  var m = modules[id];
  if (!m) {
    m = modules[id] = { exports: {}, done: false };
    m.promise = new Promise(function (ok, fail) {
      m.ok = ok;
      m.fail = fail;
    });
    // A failed load is not kept: the next call that needs the part asks for it again.
    m.promise.catch(function () {
      if (modules[id] === m && !m.done) delete modules[id];
    });
  }
  return m;
}

/** An AMD id relative to another (`../x`, `./iife/y`), as rollup writes them. */
function resolve(id, from) {
  if (id.charAt(0) !== '.') return id;
  var parts = from.split('/');
  parts.pop();
  id.split('/').forEach(function (part) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  });
  return parts.join('/');
}

function failed(m, url, why) {
  m.fail(new Error('snoopath: could not load ' + url + ' (' + why + '). The script-tag build loads its parts from the iife/ folder next to snoopath.iife.js: serve that folder with it, or use the ES module build.'));
}

function load(id) {
  var m = modules[id];
  if (m) return m.promise;
  m = record(id);
  var url = dist + id + '.js';
  if (doc) {
    var tag = doc.createElement('script');
    tag.src = url;
    tag.async = true;
    // A page whose Content-Security-Policy trusts this script by nonce trusts its parts the same way.
    if (script && script.nonce) tag.nonce = script.nonce;
    if (script && script.crossOrigin !== null && script.crossOrigin !== undefined) tag.crossOrigin = script.crossOrigin;
    tag.onerror = function () {
      failed(m, url, 'the request failed');
    };
    tag.onload = function () {
      if (!m.done && !m.defining) failed(m, url, 'it ran without defining ' + id);
    };
    (doc.head || doc.documentElement).appendChild(tag);
  } else if (typeof importScripts === 'function') {
    try {
      importScripts(url);
    } catch (error) {
      failed(m, url, String(error));
    }
  } else {
    failed(m, url, 'this global scope can load no script');
  }
  return m.promise;
}

function define(id, deps, factory) {
  var m = record(id);
  m.defining = true;
  var local = function (ids, ok, fail) {
    Promise.all(ids.map(function (dep) {
      return load(resolve(dep, id));
    })).then(function (loaded) {
      ok.apply(null, loaded);
    }, fail);
  };
  var needs = deps.filter(function (dep) {
    return dep !== 'require' && dep !== 'exports';
  }).map(function (dep) {
    return resolve(dep, id);
  });
  var run = function () {
    try {
      factory.apply(null, deps.map(function (dep) {
        return dep === 'require' ? local : dep === 'exports' ? m.exports : modules[resolve(dep, id)].exports;
      }));
      m.done = true;
      m.ok(m.exports);
    } catch (error) {
      m.fail(error);
    }
  };
  // What it needs is there (always so for the entry): it runs now, so the global exists once this script has run.
  if (needs.every(function (dep) {
    return modules[dep] && modules[dep].done;
  })) run();
  else Promise.all(needs.map(load)).then(run, m.fail);
}

root[Symbol.for(DEFINE_KEY_VALUE)] = define;
