// Refusals under load are logged in summary (SPEC "Logs and metrics": request-refused lines for the
// process-wide ceilings): the first refusal of a reason logs its WARN line at once, the others of the
// next ten seconds are counted into one WARN line at the window's end. A flood of busy answers costs
// one line per reason per window, not one per request.
import type { Logger } from '../observe/log.js';

const WINDOW_MS = 10_000;

export type RefusalNote = (reason: string, fields?: Record<string, unknown>) => void;

export function refusalLog(log: Logger, windowMs = WINDOW_MS): RefusalNote {
  const counted = new Map<string, number>();
  return (reason, fields = {}) => {
    const n = counted.get(reason);
    if (n !== undefined) {
      counted.set(reason, n + 1);
      return;
    }
    log.warn({ reason, ...fields }, 'request refused');
    counted.set(reason, 0);
    const timer = setTimeout(() => {
      const more = counted.get(reason) ?? 0;
      counted.delete(reason);
      if (more > 0) log.warn({ reason, refused: more, window_s: windowMs / 1000 }, 'request refused');
    }, windowMs);
    timer.unref();
  };
}
