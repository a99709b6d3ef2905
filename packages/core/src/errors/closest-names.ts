/**
 * The names a mistyped one most likely meant, for the "Did you mean ...?" of every lookup by name: the
 * client's, the CLI's and the tools'. One rule, so a misspelt endpoint gets the same hint everywhere.
 */

/**
 * The candidates `word` most likely meant: those with a part equal to it (`music` → `music:catalogstore`,
 * `music:metadb`), else those containing it (3 letters or more), else those within a few edits (one per 3
 * letters, 1 to 3), closest first.
 */
export function closestNames(word: string, candidates: readonly string[]): string[] {
  const lower = word.toLowerCase();
  const named = (test: (candidate: string) => boolean) => candidates.filter((name) => test(name.toLowerCase()));
  const parts = named((name) => name.split(/[:_-]/).includes(lower));
  if (parts.length > 0 || lower === '') return parts;
  const containing = named((name) => lower.length > 2 && name.includes(lower));
  if (containing.length > 0) return containing;
  const limit = Math.max(1, Math.min(3, Math.floor(lower.length / 3)));
  return candidates
    .map((name) => [name, editDistance(lower, name.toLowerCase(), limit)] as const)
    .filter(([, cost]) => cost <= limit)
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name);
}

/** ` Did you mean browse?` (up to three names, `prefix` before each), or '' when nothing is close. */
export function didYouMean(word: unknown, candidates: readonly string[], prefix = ''): string {
  // A name given at run time may be anything; only a string can be close to a name.
  const close = typeof word === 'string' ? closestNames(word, candidates).slice(0, 3) : [];
  return close.length > 0 ? ` Did you mean ${close.map((name) => prefix + name).join(' or ')}?` : '';
}

/**
 * Edit distance (insertions, deletions, substitutions) between two names, or more than `limit` at once for
 * names whose lengths differ by more: a name megabytes long is not compared letter by letter.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let above = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    above = row;
  }
  return above[b.length] as number;
}
