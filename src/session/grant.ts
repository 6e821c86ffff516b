// Fine-grained token grant evaluation (SPEC "Session grant state", "Fine-grained token handling").
// Phase B: the grant is read and the instance reports a 19.4 release (or 19.5.0-pre): the session is
// listed only the actions its grant reaches. Phase A (fallback): only what no fine-grained token can
// reach is withheld; the platform judges the rest. The grant is never logged, cached or keyed on.
// SPEC "Fine-grained grant (creation payload shape)", "What actions need at the project boundary".
import type { Action, FineGrainedWithheld } from '../catalog/define.js';
import type { FallbackReason, GrantState, Session } from './types.js';
import { readVersion } from './version.js';
import { RECORDED_PERMISSIONS } from './permissions-19.4.js';

export type {  GrantState } from './types.js';

/** The sentence each fallback reason adds to a refusal (SPEC "Session grant state", its fallback reasons). */
const FALLBACK_TEXT: Record<FallbackReason, string> = {
  'grant-unreadable': 'the token cannot read its own grant (it lacks Personal Access Token: Read)',
  'version-unreadable': 'the instance did not report a readable version (the token lacks Metadata: Read)',
  'version-outside-record': 'the instance release is outside the record (the permission table is recorded for 19.4)',
  'grant-unrecorded': 'the grant names a permission the recorded release (19.4) does not define (renamed or added since)',
  'grant-too-large': 'the grant is larger than this server reads (1 MiB, 1000 scopes)',
  'grant-unclear': 'the grant holds a scope that cannot be read without guessing',
  'grant-unanswered': 'the grant or version request was unanswered; it is asked again at the next re-read',
};

const RECORDED_RELEASE = '19.4';

interface RecordedPermission { label: string; boundaries: readonly string[] }
let recorded: Map<string, RecordedPermission> | undefined;
/** The permissions the recorded release defines, read from the generated table on first use. */
function recordedPermissions(): ReadonlyMap<string, RecordedPermission> {
  if (!recorded) {
    recorded = new Map();
    for (const line of RECORDED_PERMISSIONS.split('\n')) {
      const [id, label, boundaries] = line.split('\t');
      if (id && label) recorded.set(id, { label, boundaries: (boundaries ?? '').split(',').filter(Boolean) });
    }
  }
  return recorded;
}
const MAX_GRANT_BYTES = 1024 * 1024;
const MAX_SCOPES = 1000;
const ACCESS = new Set(['personal_projects', 'selected_memberships', 'all_memberships', 'user', 'instance']);

interface Scope { access?: unknown; permissions?: unknown; project_ids?: unknown; group_ids?: unknown }

/** Reads the grant of a fine-grained token (its id from the self description) and sets `s.grant`. */
export async function evaluateGrant(s: Session, tokenId: number | undefined): Promise<void> {
  const before = s.grant;
  const next = await judge(s, tokenId);
  // A failed re-read keeps what the session was shown (Evaluated stays Evaluated).
  if (before?.phase === 'B' && next.phase === 'A' && next.reason === 'grant-unanswered') return;
  s.grant = next;
  if (before?.phase === next.phase && (next.phase === 'B' || (before as { reason?: string }).reason === next.reason)) return;
  if (next.phase === 'B') s.log.info({ phase: 'B', release: s.version }, 'fine-grained session: the grant is evaluated; listing what it reaches');
  else {
    // Unrecorded permission names are said by count and at most three, each cut to 64 bytes (SPEC).
    const extra = next.unrecorded ? { unrecorded_count: next.unrecorded.length, unrecorded: next.unrecorded.slice(0, 3).map((n) => Buffer.from(n).subarray(0, 64).toString()) } : {};
    s.log.info({ phase: 'A', reason: next.reason, ...extra }, 'fine-grained session in fallback: only what no fine-grained token can reach is withheld');
  }
}

async function judge(s: Session, tokenId: number | undefined): Promise<GrantState> {
  if (tokenId === undefined) return { phase: 'A', reason: 'grant-unreadable' };
  if (s.version === undefined) await readVersion(s);
  let res;
  try {
    res = await s.client.send({ method: 'GET', path: `/personal_access_tokens/${tokenId}`, asText: true, signal: AbortSignal.timeout(15_000) });
  } catch {
    return { phase: 'A', reason: 'grant-unanswered' };
  }
  if (res.status === 401 || res.status === 403 || res.status === 404) return { phase: 'A', reason: 'grant-unreadable' };
  if (res.status !== 200) return { phase: 'A', reason: 'grant-unanswered' };
  const text = typeof res.body === 'string' ? res.body : '';
  if (Buffer.byteLength(text) > MAX_GRANT_BYTES) return { phase: 'A', reason: 'grant-too-large' };
  let scopes: unknown;
  try {
    scopes = (JSON.parse(text) as { granular_scopes?: unknown }).granular_scopes;
  } catch {
    return { phase: 'A', reason: 'grant-unreadable' };
  }
  if (!Array.isArray(scopes)) return { phase: 'A', reason: 'grant-unreadable' };
  if (scopes.length > MAX_SCOPES) return { phase: 'A', reason: 'grant-too-large' };
  const granted = new Set<string>();
  for (const raw of scopes as Scope[]) {
    if (!raw || typeof raw !== 'object' || typeof raw.access !== 'string' || !ACCESS.has(raw.access) || !Array.isArray(raw.permissions)) return { phase: 'A', reason: 'grant-unclear' };
    const projects = Array.isArray(raw.project_ids) && raw.project_ids.length > 0;
    const groups = Array.isArray(raw.group_ids) && raw.group_ids.length > 0;
    if (projects && groups) return { phase: 'A', reason: 'grant-unclear' };
    if (raw.access === 'selected_memberships' && !projects && !groups) return { phase: 'A', reason: 'grant-unclear' };
    for (const p of raw.permissions) if (typeof p === 'string') granted.add(p);
  }
  const unrecorded = [...granted].filter((p) => !recordedPermissions().has(p));
  if (unrecorded.length) return { phase: 'A', reason: 'grant-unrecorded', unrecorded };
  const v = s.version;
  if (v === undefined) {
    // A version request the platform did not answer is asked again; a refused one means no Metadata: Read.
    if (s.versionProblem === 'unanswered') return { phase: 'A', reason: 'grant-unanswered' };
    if (s.versionProblem === 'malformed') return { phase: 'A', reason: 'version-unreadable', because: 'the instance did not report a readable version (its answer is not a release number of at most 64 bytes)' };
    return { phase: 'A', reason: 'version-unreadable' };
  }
  const prerelease = /^19\.5\.0-pre\b/.test(v);
  if (!prerelease && !v.startsWith(`${RECORDED_RELEASE}.`)) {
    return { phase: 'A', reason: 'version-outside-record', because: `the instance release is outside the record (it reports ${v}; the permission table is recorded for ${RECORDED_RELEASE})` };
  }
  return { phase: 'B', granted, prerelease };
}

/** Why no fine-grained token reaches the action at the recorded release, when none does. */
export const withheldCause = (a: Action): FineGrainedWithheld | undefined => (Array.isArray(a.fineGrained) ? undefined : a.fineGrained as FineGrainedWithheld);

/** Whether no fine-grained token reaches the action at the recorded release. */
export const unreachableByAnyGrant = (a: Action): boolean => withheldCause(a) !== undefined;

/** Whether the evaluated grant names every permission the action needs. */
export function grantReaches(a: Action, g: Extract<GrantState, { phase: 'B' }>): boolean {
  const needs = a.fineGrained;
  return Array.isArray(needs) && needs.every((p) => g.granted.has(p));
}

/** The boundary a route names by its path (projects, groups, users), when it names one. */
function routeBoundary(a: Action): string | undefined {
  const path = a.graphql ? '' : a.path ?? '';
  if (/^\/projects\b/.test(path)) return 'project';
  if (/^\/groups\b/.test(path)) return 'group';
  if (/^\/users?\b/.test(path) || /^\/personal_access_tokens\b/.test(path)) return 'user';
  return undefined;
}

/**
 * The boundary a permission is judged at, for the refusal's "the <boundary> permission": from the
 * release's permission table — the route's own boundary when the permission has several, else the
 * permission's first (a GraphQL action names no route, so its permission decides).
 */
export function boundaryOf(a: Action, permission: string): string {
  const table = recordedPermissions().get(permission)?.boundaries ?? [];
  const route = routeBoundary(a);
  if (route && (table.length === 0 || table.includes(route))) return route;
  return table[0] ?? route ?? 'instance';
}

/** `read_merge_request` → `Merge Request: Read`: the release's display name, else derived from the identifier. */
function permissionLabel(id: string): string {
  const known = recordedPermissions().get(id)?.label;
  if (known) return known;
  const [verb, ...rest] = id.split('_');
  const title = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  return `${rest.map(title).join(' ')}: ${title(verb)}`;
}

const WAY_OUT = 'A grant cannot be changed: create a new fine-grained token that includes it, or use a classic token (an existing one, on an instance that no longer lets you create them), where the group does not refuse classic tokens.';
const CLASSIC_WAY_OUT = 'Use a classic token (an existing one, on an instance that no longer lets you create them), where the group does not refuse classic tokens.';
const CLOSING = 'Do not report the capability as missing.';

/**
 * Refusal 2 names the type or mutation that declares no permission (SPEC "Fine-grained refusals"),
 * as the catalog entry records it (held to the platform's permission table by the catalog tests).
 */
function declaresNothing(a: Action, w: FineGrainedWithheld): string {
  const at = `declares no fine-grained permission at the recorded release ${RECORDED_RELEASE}`;
  if (w.withheld === 'mutation') return `the GraphQL mutation ${w.name} ${at}, so the platform refuses it`;
  if (w.withheld === 'answer') {
    const root = a.graphql ? /\{\s*([A-Za-z_][A-Za-z0-9_]*)/.exec(a.graphql.document.replace(/^[^{]*/, ''))?.[1] : undefined;
    return `the GraphQL type ${w.name}, which the mutation ${root ?? a.operation} answers with, ${at}, so the platform would make the change and answer null`;
  }
  return `the GraphQL type ${w.name} on the path of its answer ${at}, so the platform answers null there (a list comes back empty)`;
}

/** The server's own refusals in a fine-grained session (SPEC "Fine-grained refusals", server answers 1 and 2). */
export function fineGrainedRefusal(a: Action, s: Session, surface: string): string {
  const prefix = surface === 'dynamic' ? 'forge_execute_action: ' : '';
  const g = s.grant;
  const withheld = withheldCause(a);
  if (withheld || !Array.isArray(a.fineGrained) || g?.phase !== 'B') {
    const reason = g?.phase === 'A' ? ` The grant was not evaluated: ${g.because ?? FALLBACK_TEXT[g.reason]}.` : '';
    // Only a withheld action is refused without an evaluated grant (src/pipeline/access.ts); the other
    // wording keeps the answer true should a caller ever ask for one.
    const what = withheld ? declaresNothing(a, withheld) : 'the platform judges it, as the grant was not evaluated here';
    return `${prefix}action "${a.id}" exists but is not available to a fine-grained personal access token: ${what}.${reason} ${CLASSIC_WAY_OUT} ${CLOSING}`;
  }
  const missing = a.fineGrained.filter((p) => !g.granted.has(p));
  // As the platform words it: "the following project permissions: [Merge Request: Read]".
  const needs = `the ${boundaryOf(a, missing[0]!)} permission${missing.length > 1 ? 's' : ''} ${missing.map((p) => `[${permissionLabel(p)}]`).join(', ')}`;
  return `${prefix}action "${a.id}" exists but this fine-grained personal access token was not granted what it needs: ${needs}. ${WAY_OUT} ${CLOSING}`;
}
