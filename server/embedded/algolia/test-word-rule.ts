// The match rule spelled out the plain way, as the reference the term dictionary's walk is tested against.
import type { QueryWord, WordMatch } from './words.ts';

/** Optimal string alignment: a swap of two neighbouring letters is one typo. Past `max`, `max + 1`. */
export function getEditDistance(a: string, b: string, max = Infinity): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, before[j - 2]! + 1);
    }
    if (Math.min(...row) > max) return max + 1;
    [before, previous] = [previous, row];
  }
  return previous[b.length]!;
}

export function referenceMatch(word: QueryWord, term: string): WordMatch | undefined {
  if (term === word.term) return { typos: 0, prefix: false };
  const near = word.maxTypos > 0 && Math.abs(word.term.length - term.length) <= word.maxTypos;
  const whole = near ? getEditDistance(word.term, term, word.maxTypos) : word.maxTypos + 1;
  if (word.isPrefix && term.startsWith(word.term) && whole > 0) return { typos: 0, prefix: true };
  return whole <= word.maxTypos ? { typos: whole, prefix: false } : undefined;
}
