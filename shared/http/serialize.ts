const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * Serializes a value as JSON that is safe to place inside an inline
 * `<script>`: `</script>`, `<!--` and U+2028/2029 cannot break out of, or
 * change the parsing of, the surrounding script element.
 */
export function toScriptSafeJson(value: unknown, replacer?: (key: string, value: unknown) => unknown): string {
  return JSON.stringify(value ?? null, replacer).replace(/[<>&\u2028\u2029]/g, (ch) => SCRIPT_ESCAPES[ch] ?? ch);
}
