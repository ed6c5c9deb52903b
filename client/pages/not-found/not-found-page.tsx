/** Its loader always throws a 404. */
export function Component() {
  return null;
}
