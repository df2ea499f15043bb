/**
 * A small set of paths that together take every transition: QA walks each path by hand, so twenty paths that take
 * every transition beat hundreds that each take one more. Minimum set cover is NP-hard; the greedy choice (always the
 * path that adds the most) is within a logarithmic factor of the best and, on these few hundred paths, instant.
 */

/**
 * Chooses candidates until their union is the union of all candidates: each time the one that adds the most elements
 * not yet covered, ties going to the one with the smaller cost and then to the earlier candidate, so the choice is
 * deterministic. A candidate chosen early can become redundant once later ones cover its elements; such candidates are
 * dropped afterwards, the last chosen first. Returns the indexes of the chosen candidates in the order they were chosen.
 */
export function greedyCover(sets: ReadonlyArray<ReadonlySet<string>>, cost: (index: number) => number): number[] {
  const uncovered = new Set(sets.flatMap((set) => [...set]));
  const chosen: number[] = [];
  while (uncovered.size > 0) {
    let best = -1;
    let bestGain = 0;
    for (const [index, set] of sets.entries()) {
      let gain = 0;
      for (const element of set) if (uncovered.has(element)) gain++;
      if (gain > bestGain || (gain === bestGain && gain > 0 && cost(index) < cost(best))) {
        best = index;
        bestGain = gain;
      }
    }
    // Cannot happen while something is uncovered (every element comes from some set); guards the loop all the same.
    if (best < 0) break;
    chosen.push(best);
    for (const element of sets[best] ?? []) uncovered.delete(element);
  }

  const times = new Map<string, number>();
  for (const index of chosen) for (const element of sets[index] ?? []) times.set(element, (times.get(element) ?? 0) + 1);
  const redundant = new Set<number>();
  for (const index of [...chosen].reverse()) {
    const set = sets[index] ?? new Set<string>();
    if ([...set].every((element) => (times.get(element) ?? 0) > 1)) {
      redundant.add(index);
      for (const element of set) times.set(element, (times.get(element) ?? 0) - 1);
    }
  }
  return chosen.filter((index) => !redundant.has(index));
}
