export interface QueryWord {
  term: string;
  isPrefix: boolean;
  /** 1 typo from 4 characters, 2 from 8 (Algolia's `minWordSizefor1Typo`/`for2Typos`). */
  maxTypos: number;
  /** Set by `LocaleIndex.lookUp`, so the highlighter looks up instead of counting typos. */
  matches?: ReadonlyMap<string, WordMatch>;
  isIndexed?: (term: string) => boolean;
}

export interface WordMatch {
  typos: number;
  prefix: boolean;
}

/**
 * The vocabulary of one index, sorted, and the one search over it: every term a query word matches with its typos.
 * Typo matching walks the sorted terms as if they were a trie: the edit-distance rows of a shared start are computed once, and a start that is
 * already further than the budget skips every term beginning with it. Rows are banded (only cells within `maxTypos` of the diagonal), so a term
 * costs at most (2 · maxTypos + 1) cells per letter it does not share with the previous one.
 */
export function createTermDictionary() {
  const terms = new Set<string>();
  let sorted: string[] | undefined;
  const list = () => (sorted ??= [...terms].sort());
  return {
    add(term: string): void {
      if (terms.has(term)) return;
      terms.add(term);
      sorted = undefined;
    },
    // Without typos, the sorted run of matches is found by binary search.
    expand: (word: QueryWord): Map<string, WordMatch> => (word.maxTypos === 0 ? expandExact(list(), word) : matchTerms(list(), word)),
  };
}

/** The term itself, or (a prefix) the sorted run of terms starting with it. */
function expandExact(all: readonly string[], { term, isPrefix }: QueryWord): Map<string, WordMatch> {
  const from = partitionPoint(0, all.length, (i) => all[i]! < term);
  const to = isPrefix ? partitionPoint(from, all.length, (i) => all[i]!.startsWith(term)) : from + (all[from] === term ? 1 : 0);
  return new Map(all.slice(from, to).map((found) => [found, { typos: 0, prefix: found !== term }]));
}

/**
 * The match rule: every term of the sorted `all` that `word` matches exactly, within its typo budget (optimal string alignment, like Algolia:
 * a swap of two neighbouring letters is one typo), or (the last word) as an exact prefix. Typos apply to whole words only: a prefix with typos
 * would let `desk` find "design".
 */
export function matchTerms(all: readonly string[], word: QueryWord): Map<string, WordMatch> {
  const found = new Map<string, WordMatch>();
  const { term: query, maxTypos: max, isPrefix } = word;
  const m = query.length;
  const far = max + 1;
  // Deeper than m + max letters no cell is within the budget: that depth always prunes.
  const depths = m + max + 2;
  // The optimal-string-alignment table against the current path, row 0 filled in.
  const rows = new Uint8Array(depths * (m + 1)).fill(far);
  for (let i = 0; i <= Math.min(m, max); i++) rows[i] = i;
  /** Per depth: best typos of the query against any start of the current path (prefix matching). */
  const prefixBest = new Uint8Array(depths).fill(far);
  prefixBest[0] = m <= max ? m : far;
  let path = '';
  let valid = 0;
  for (let index = 0; index < all.length; index++) {
    const term = all[index]!;
    let depth = 0;
    const shared = Math.min(valid, term.length, path.length);
    while (depth < shared && term.charCodeAt(depth) === path.charCodeAt(depth)) depth++;
    path = term;
    valid = depth;
    let pruned = false;
    for (let j = depth + 1; j <= term.length; j++) {
      const rowMin = computeRow(rows, query, term, j, max);
      const last = rows[j * (m + 1) + m]!;
      prefixBest[j] = Math.min(prefixBest[j - 1]!, last);
      valid = j;
      if (rowMin <= max) continue;
      // Nothing longer with this start gets closer: skip every term that begins with it (or take them all, if the start already matched).
      const start = term.slice(0, j);
      const end = partitionPoint(index, all.length, (i) => all[i]!.startsWith(start));
      if (isPrefix && prefixBest[j] === 0) for (let k = index; k < end; k++) found.set(all[k]!, { typos: 0, prefix: true });
      index = end - 1;
      pruned = true;
      break;
    }
    if (pruned) continue;
    const whole = rows[term.length * (m + 1) + m]!;
    const prefix = prefixBest[term.length]!;
    if (isPrefix && prefix === 0 && whole > 0) found.set(term, { typos: 0, prefix: true });
    else if (whole <= max) found.set(term, { typos: whole, prefix: false });
  }
  return found;
}

/** Row `j` (the path's j-th letter) of the optimal-string-alignment table against `query`, banded to `max`; returns the row's minimum. */
function computeRow(rows: Uint8Array, query: string, term: string, j: number, max: number): number {
  const width = query.length + 1;
  const far = max + 1;
  const row = j * width;
  const previous = row - width;
  const before = previous - width;
  const letter = term.charCodeAt(j - 1);
  const lo = Math.max(1, j - max);
  const hi = Math.min(query.length, j + max);
  rows[row] = j <= max ? j : far;
  if (lo - 1 >= 1) rows[row + lo - 1] = far;
  if (hi + 1 < width) rows[row + hi + 1] = far;
  let rowMin = rows[row]!;
  for (let i = lo; i <= hi; i++) {
    const cost = query.charCodeAt(i - 1) === letter ? 0 : 1;
    let value = Math.min(rows[previous + i]! + 1, rows[row + i - 1]! + 1, rows[previous + i - 1]! + cost);
    if (i > 1 && j > 1 && query.charCodeAt(i - 1) === term.charCodeAt(j - 2) && query.charCodeAt(i - 2) === letter) {
      value = Math.min(value, rows[before + i - 2]! + 1);
    }
    value = Math.min(value, far);
    rows[row + i] = value;
    if (value < rowMin) rowMin = value;
  }
  return rowMin;
}

/** The first index in `[lo, hi)` where `isBefore` turns false (it must be true up to some point, then false). */
export function partitionPoint(lo: number, hi: number, isBefore: (index: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isBefore(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
