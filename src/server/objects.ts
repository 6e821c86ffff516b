// forge://<object> resources: the canonical URI of one platform object (embedded in get results),
// read back through the get action it came from. A URI naming a collection is refused.
// SPEC "Watchable resource URIs".
import type { Action } from '../catalog/define.js';
import { catalog } from '../catalog/index.js';
import { buildRequest } from '../pipeline/request.js';
import { availability } from '../pipeline/access.js';
import type { Session } from '../session/session.js';
import { cleanDeep } from '../render/contain.js';

interface Template { action: Action; re: RegExp; names: string[] }
let templates: Template[] | undefined;

function compile(): Template[] {
  const seen = new Set<string>();
  const out: Template[] = [];
  for (const action of catalog().actions) {
    if (!action.resource || seen.has(action.resource)) continue;
    seen.add(action.resource);
    const names: string[] = [];
    const re = new RegExp(`^${action.resource.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_m, n: string) => { names.push(n); return '([^/]+)'; })}$`);
    out.push({ action, re, names });
  }
  return out;
}

/** The get action and params a resource URI names, or undefined. */
export function matchObject(uri: string): { action: Action; params: Record<string, unknown> } | undefined {
  templates ??= compile();
  for (const t of templates) {
    const m = t.re.exec(uri);
    if (!m) continue;
    const params: Record<string, unknown> = {};
    t.names.forEach((n, i) => {
      const raw = decodeURIComponent(m[i + 1]);
      params[n] = t.action.params[n]?.type === 'integer' && /^\d+$/.test(raw) ? Number(raw) : raw;
    });
    return { action: t.action, params };
  }
  return undefined;
}

export type ObjectRead = { ok: true; text: string } | { ok: false; message: string };

export async function readObject(s: Session, uri: string, signal?: AbortSignal): Promise<ObjectRead> {
  const hit = matchObject(uri);
  if (!hit) return { ok: false, message: `Resource not found: ${uri.slice(0, 200)} (only one object is addressable, e.g. forge://project/<id>/pipeline/<id>; collections are refused)` };
  if (availability(hit.action, s) === 'absent') return { ok: false, message: `Resource not found: ${uri.slice(0, 200)}` };
  const req = buildRequest(hit.action, hit.params);
  const res = await s.client.send({ ...req, signal });
  if (res.status >= 400) return { ok: false, message: `Resource not found: ${uri.slice(0, 200)} (${res.status})` };
  // Platform text, read whole: cleaned of invisible characters like every block of a result.
  const body = cleanDeep(res.body);
  return { ok: true, text: typeof body === 'string' ? body : JSON.stringify(body) };
}
