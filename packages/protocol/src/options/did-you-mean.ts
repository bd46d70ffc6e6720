/**
 * Edit distance with adjacent transpositions (optimal string alignment), ignoring case:
 * `apikey` → `apiKey` is 0, `modle` → `model` is 1, as a person would count the typo.
 */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  // Three rows are enough: a transposition looks back two characters.
  let before = Array.from({ length: y.length + 1 }, () => 0);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[y.length]!;
}

/**
 * How many edits still read as a typo: one for short names (two edits turn most three-letter
 * words into each other), two from five characters, then a third of the length.
 */
function typoLimit(input: string): number {
  return Math.max(input.length >= 5 ? 2 : 1, Math.floor(input.length / 3));
}

/**
 * The known name closest to `input` when it is close enough to be a typo of it
 * (`apporver` → `approver`), for "did you mean …?"; ties go to the earlier name.
 */
export function didYouMean(input: string, known: Iterable<string>): string | undefined {
  const limit = typoLimit(input);
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const distance = editDistance(input, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
