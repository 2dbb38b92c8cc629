import { describe, it, expect, jest } from '@jest/globals';
import { decodeValues, decoder } from '../../lib/decode/entities.js';

describe('the decoder undoes one level of XML escaping', () => {
  it('decodes named, decimal and hex entities', async () => {
    const decode = decoder;
    expect(decode('&amp; &lt;b&gt; &quot;q&quot; &#39; &#x27;')).toBe('& <b> "q" \' \'');
    // One level of XML escaping is undone, no more: HTML-only names stay as the platform sent them.
    expect(decode('&eacute; &copy;')).toBe('&eacute; &copy;');
  });
});

describe('decodeValues decodes every string value, keys untouched', () => {
  it('decodes strings in nested objects and arrays', async () => {
    const decode = decoder;
    const body = {
      kind: 'Listing',
      data: {
        children: [
          { kind: 't3', data: { title: 'Cats &amp; dogs', selftext_html: '&lt;p&gt;hi&lt;/p&gt;', tags: ['a&amp;b', ['&gt;deep']] } },
        ],
      },
    };
    expect(decodeValues(body, decode)).toEqual({
      kind: 'Listing',
      data: { children: [{ kind: 't3', data: { title: 'Cats & dogs', selftext_html: '<p>hi</p>', tags: ['a&b', ['>deep']] } }] },
    });
  });

  it('leaves keys as they are, even when they look like entities', async () => {
    const decode = decoder;
    const out = decodeValues({ 'a&amp;b': 'x&amp;y' }, decode) as Record<string, string>;
    expect(Object.keys(out)).toEqual(['a&amp;b']);
    expect(out['a&amp;b']).toBe('x&y');
  });

  it('leaves numbers, booleans and null untouched', async () => {
    const decode = decoder;
    expect(decodeValues({ n: 1.5, z: 0, t: true, f: false, nul: null, list: [3, null, false] }, decode)).toEqual({ n: 1.5, z: 0, t: true, f: false, nul: null, list: [3, null, false] });
    expect(decodeValues(42, decode)).toBe(42);
    expect(decodeValues(null, decode)).toBeNull();
  });

  it('decodes a top-level string and a top-level array', async () => {
    const decode = decoder;
    expect(decodeValues('&lt;3', decode)).toBe('<3');
    expect(decodeValues(['&amp;', 1], decode)).toEqual(['&', 1]);
  });

  it('decodes once: an escaped entity stays an entity', async () => {
    const decode = decoder;
    expect(decodeValues({ s: '&amp;lt;' }, decode)).toEqual({ s: '&lt;' });
  });

  it('does not call the decoder for strings without "&"', () => {
    const decode = jest.fn((s: string) => s.toUpperCase());
    expect(decodeValues({ a: 'plain', b: ['x & y'] }, decode)).toEqual({ a: 'plain', b: ['X & Y'] });
    expect(decode).toHaveBeenCalledTimes(1);
  });

  it('decodes a freshly parsed body in place and returns it', async () => {
    const decode = decoder;
    const body = JSON.parse('{"a":{"b":"&gt;"}}');
    expect(decodeValues(body, decode)).toBe(body);
    expect(body.a.b).toBe('>');
  });

  it('does not touch the prototype through a "__proto__" key of parsed JSON', async () => {
    const decode = decoder;
    const body = JSON.parse('{"__proto__":{"polluted":"&amp;"}}');
    decodeValues(body, decode);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
  });
});

describe('decodeValues on answers of any depth (issue 21, item 11)', () => {
  it('decodes a string nested 200,000 levels deep without a stack overflow', () => {
    const depth = 200_000;
    const body = JSON.parse(`${'['.repeat(depth)}"fish &amp; chips"${']'.repeat(depth)}`) as unknown;
    expect(() => decodeValues(body, decoder)).not.toThrow();
    let inner: unknown = body;
    for (let i = 0; i < depth; i++) inner = (inner as unknown[])[0];
    expect(inner).toBe('fish & chips');
  });

  it('decodes deep objects too, and every sibling on the way down', () => {
    const depth = 100_000;
    const body = JSON.parse(`${'{"a":"&lt;","b":'.repeat(depth)}"&gt;"${'}'.repeat(depth)}`) as Record<string, unknown>;
    decodeValues(body, decoder);
    let node = body;
    let decodedSiblings = 0;
    for (let i = 0; i < depth - 1; i++) {
      if (node.a === '<') decodedSiblings++;
      node = node.b as Record<string, unknown>;
    }
    expect(decodedSiblings).toBe(depth - 1);
    expect(node.b).toBe('>');
  });
});
