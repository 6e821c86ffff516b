// The instance release (GET /version): the hosted-only actions and the grant evaluation depend on it.
import type { Session } from './types.js';

const HOSTED_URL = 'https://gitlab.com';
/** The public hosted instance: by address, or by the prerelease it reports. */
export function isHostedInstance(s: Session): boolean {
  return s.client.baseUrl === HOSTED_URL || /^19\.5\.0-pre\b/.test(s.version ?? '');
}

const versionReads = new WeakMap<Session, Promise<void>>();
/** A release number as GitLab reports it: 19.4.1, 19.4.1-ee, 19.5.0-pre. */
const RELEASE_NUMBER = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;

/**
 * Reads the instance release (needs Metadata: Read on a fine-grained token; optional). Callers at the
 * same time share one request: the start-up reads and the grant evaluation both need it.
 */
export function readVersion(s: Session): Promise<void> {
  let p = versionReads.get(s);
  if (!p) {
    p = (async () => {
      try {
        const res = await s.client.send({ method: 'GET', path: '/version', signal: AbortSignal.timeout(15_000) });
        const v = (res.body as { version?: unknown } | null)?.version;
        if (res.status === 200 && typeof v === 'string' && Buffer.byteLength(v) <= 64 && RELEASE_NUMBER.test(v)) {
          s.version = v;
          s.versionProblem = undefined;
        } else {
          s.versionProblem = res.status === 200 ? 'malformed' : res.status >= 500 || res.status === 429 ? 'unanswered' : 'refused';
        }
      } catch {
        // Unknown version: the hosted-only actions and the grant evaluation depend on it.
        s.versionProblem = 'unanswered';
      }
    })().finally(() => versionReads.delete(s));
    versionReads.set(s, p);
  }
  return p;
}
