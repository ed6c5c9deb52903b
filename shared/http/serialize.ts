/** JSON safe inside an inline `<script>`: `</script>`, `<!--` and U+2028/2029 cannot break out of or change the script element. */
export function toScriptSafeJson(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
