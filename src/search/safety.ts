// The safety order of a ranking (the weight `unsafe`): a destructive action whose effect the request does not say is
// never first, and goes after every harmless action scoring at least `demote` of its own score (0: after every
// harmless one). Measured on the tuning sets, each ranked by a search trained on the others (bench/find-tune.mjs):
// top-5 93.07 % with 0, 94.46 with 0.3, 95.52 with 0.5, 96.07 with 0.8; top-1 81.21 and destructive-first 28 for
// each; validation top-5 97.4 → 98.6 with 0.5. Those actions were said in other words ("detach", "take out of an
// epic") and fell behind five weak harmless ones; half keeps them below any harmless one close to them.
export function safeOrder<T extends { score: number; harmless: boolean }>(hits: readonly T[], demote: number): T[] {
  const key = (h: T) => (h.harmless ? h.score : h.score * demote);
  const ordered = [...hits].sort((x, y) => key(y) - key(x) || y.score - x.score);
  const safe = ordered.findIndex((h) => h.harmless);
  if (safe > 0) ordered.unshift(...ordered.splice(safe, 1));
  return ordered;
}
