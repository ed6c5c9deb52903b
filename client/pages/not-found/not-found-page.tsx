/** The splat route's loader always throws a 404, so only its error element renders. */
export function Component() {
  return null;
}
