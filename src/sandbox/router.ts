// A small route table over decoded path segments: `:name` takes one segment, `*name` the rest.
import type { Handler } from './types.js';

interface Route { method: string; parts: string[]; handler: Handler; splat: boolean }

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    const parts = pattern.split('/').filter((x) => x !== '');
    this.routes.push({ method, parts, handler, splat: parts.length > 0 && parts[parts.length - 1].startsWith('*') });
    return this;
  }

  get(pattern: string, h: Handler): this { return this.add('GET', pattern, h); }
  post(pattern: string, h: Handler): this { return this.add('POST', pattern, h); }
  put(pattern: string, h: Handler): this { return this.add('PUT', pattern, h); }
  delete(pattern: string, h: Handler): this { return this.add('DELETE', pattern, h); }

  /** HEAD is answered by the GET route. */
  match(method: string, segs: string[]): { handler: Handler; params: Record<string, string> } | undefined {
    const m = method === 'HEAD' ? 'GET' : method;
    for (const r of this.routes) {
      if (r.method !== m) continue;
      if (r.splat ? segs.length < r.parts.length : segs.length !== r.parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < r.parts.length; i++) {
        const part = r.parts[i];
        if (part.startsWith('*')) { params[part.slice(1)] = segs.slice(i).join('/'); break; }
        if (part.startsWith(':')) { params[part.slice(1)] = segs[i]; continue; }
        if (part !== segs[i]) { ok = false; break; }
      }
      if (ok) return { handler: r.handler, params };
    }
    return undefined;
  }
}
