// GitLab's time-tracking durations: `1mo 2w 3d 4h 5m 6s` (1mo = 4w, 1w = 5d, 1d = 8h), read and written
// the way its API reads `duration` and answers `human_time_estimate`.
const UNITS: Array<[string, number]> = [['mo', 4 * 5 * 8 * 3600], ['w', 5 * 8 * 3600], ['d', 8 * 3600], ['h', 3600], ['m', 60], ['s', 1]];
const PART = /(\d+(?:\.\d+)?)\s*(mo|w|d|h|m|s)/g;

/** Seconds of a duration such as `1h30m` or `-2h`; undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const t = text.trim();
  const sign = t.startsWith('-') ? -1 : 1;
  const body = t.replace(/^[-+]/, '').trim();
  if (body === '') return undefined;
  if (/^\d+$/.test(body)) return sign * Number(body);
  let rest = body;
  let total = 0;
  for (const m of body.matchAll(PART)) {
    total += Number(m[1]) * UNITS.find(([u]) => u === m[2])![1];
    rest = rest.replace(m[0], '');
  }
  if (rest.trim() !== '' || total === 0) return undefined;
  return sign * Math.round(total);
}

/** `1h 30m`; null for zero, as GitLab answers an empty estimate. */
export function humanDuration(seconds: number): string | null {
  if (seconds === 0) return null;
  let left = Math.abs(seconds);
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(left / size);
    if (n > 0) { parts.push(`${n}${unit}`); left -= n * size; }
  }
  return `${seconds < 0 ? '-' : ''}${parts.join(' ')}`;
}
