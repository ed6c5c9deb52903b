import { describe, expect, it } from 'vitest';

import { toScriptSafeJson } from './serialize.ts';

describe('toScriptSafeJson', () => {
  it('escapes sequences that end or alter a script element', () => {
    const json = toScriptSafeJson({ html: '</script><!-- x & y \u2028\u2029' });

    expect(json).not.toMatch(/<|>|\u2028|\u2029/);
    expect(json).toContain('\\u003c/script\\u003e\\u003c!--');
    expect(JSON.parse(json)).toEqual({ html: '</script><!-- x & y \u2028\u2029' });
  });

  it('serializes undefined as null', () => {
    expect(toScriptSafeJson(undefined)).toBe('null');
  });
});
