// The match rule spelled out the slow way, as the reference the term dictionary's walk is tested against.
import type { QueryWord, WordMatch } from './words.ts';

/** Optimal string alignment over the full table: a swap of two neighbouring letters is one typo. */
export function getEditDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

export function referenceMatch(word: QueryWord, term: string): WordMatch | undefined {
  if (term === word.term) return { typos: 0, prefix: false };
  const near = word.maxTypos > 0 && Math.abs(word.term.length - term.length) <= word.maxTypos;
  const whole = near ? getEditDistance(word.term, term) : word.maxTypos + 1;
  if (word.isPrefix && term.startsWith(word.term) && whole > 0) return { typos: 0, prefix: true };
  return whole <= word.maxTypos ? { typos: whole, prefix: false } : undefined;
}
