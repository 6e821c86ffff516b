// What a session's server says about itself and lists, without the MCP SDK: the SDK's server
// (src/server/mcp.ts) and the stdio opening answered before the SDK has loaded (src/server/opening.ts)
// both read it here, so the two answers cannot drift apart.
import { loadCatalog } from '../catalog/index.js';
import { APP_TOOLS } from '../apps/tools.js';
import { VERSION } from '../config/index.js';
import { belowMinimum, type Session } from '../session/session.js';
import { dynamicSurface } from '../surfaces/dynamic.js';
import { individualSurface } from '../surfaces/individual.js';
import { metaSurface } from '../surfaces/meta.js';
import type { Surface } from '../surfaces/types.js';

export const SURFACES: Record<string, Surface> = { dynamic: dynamicSurface, meta: metaSurface, individual: individualSurface };

export const SERVER_INFO = { name: 'forge-mcp-server', version: VERSION };

/** JSON-RPC code of a refusal by authority (scopes below the minimum, cross-origin). */
export const FORBIDDEN = -40300;
export const BELOW_MINIMUM = 'The token carries neither the read_api nor the api scope; this server needs at least read_api. Create a token with read_api (read-only) or api.';

export function serverCapabilities(s: Session) {
  return {
    tools: {},
    resources: s.config.capabilitySurface === 'minimal' ? {} : { subscribe: true },
    prompts: {},
    completions: {},
  };
}

export function instructionsFor(s: Session): string {
  if (s.config.toolSurface === 'dynamic') {
    return `GitLab actions (about 1,100 in the catalog). Find the action with forge_find_action, then run it with forge_execute_action. Destructive actions need the user's explicit approval and "confirm": true.`;
  }
  return 'GitLab actions, one tool per ' + (s.config.toolSurface === 'meta' ? 'domain (pass action and params)' : 'action') + '. Destructive actions ask for confirmation.';
}

/**
 * Waits for what a request of the session needs: the start-up reads (bounded) and, except for the
 * dynamic surface's listing, the catalog. False when the token is below the minimum scopes.
 */
export async function sessionGate(s: Session, listing: boolean): Promise<boolean> {
  await s.ready;
  // The dynamic surface lists its two tools without the catalog; everything else needs it.
  if (!(s.config.toolSurface === 'dynamic' && listing)) await loadCatalog();
  return !belowMinimum(s);
}

/** The tools a listing answers (after the gate and the meter); with the MCP App tools for a client that renders views. */
export function listedTools(s: Session, apps: boolean): object[] {
  const tools = SURFACES[s.config.toolSurface].tools(s);
  return apps ? [...tools, ...APP_TOOLS] : tools;
}
