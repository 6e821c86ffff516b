// What a session's server lists, without the MCP SDK: the SDK's server (src/server/mcp.ts) and the
// stdio opening answered before the SDK has loaded (src/server/opening.ts) both read it here, so the
// two answers cannot drift apart (what it says about itself is in src/server/about.ts). The opening
// loads it on its own, while the start-up reads are out, so `initialize` never waits for the surfaces.
import { loadCatalog } from '../catalog/index.js';
import { APP_TOOLS } from '../apps/tools.js';
import { belowMinimum, type Session } from '../session/session.js';
import { dynamicSurface } from '../surfaces/dynamic.js';
import { individualSurface } from '../surfaces/individual.js';
import { metaSurface } from '../surfaces/meta.js';
import type { Surface } from '../surfaces/types.js';

export const SURFACES: Record<string, Surface> = { dynamic: dynamicSurface, meta: metaSurface, individual: individualSurface };

/** JSON-RPC code of a refusal by authority (scopes below the minimum, cross-origin). */
export const FORBIDDEN = -40300;
export const BELOW_MINIMUM = 'The token carries neither the read_api nor the api scope; this server needs at least read_api. Create a token with read_api (read-only) or api.';

/**
 * Waits for what a request of the session needs: the start-up reads (bounded) and, except for the
 * dynamic surface's listing, the catalog. False when the token is below the minimum scopes.
 * The dynamic surface's listing waits for the scope read alone: its two tools depend on nothing else
 * the reads learn (release and tier shape only the catalog), and the refusal below the minimum is
 * decided by the scopes. Every other request waits for all the reads.
 */
export async function sessionGate(s: Session, listing: boolean): Promise<boolean> {
  const dynamicListing = s.config.toolSurface === 'dynamic' && listing;
  await (dynamicListing ? s.scopesRead ?? s.ready : s.ready);
  if (!dynamicListing) await loadCatalog();
  return !belowMinimum(s);
}

/** The tools a listing answers (after the gate and the meter); with the MCP App tools for a client that renders views. */
export function listedTools(s: Session, apps: boolean): object[] {
  const tools = SURFACES[s.config.toolSurface].tools(s);
  return apps ? [...tools, ...APP_TOOLS] : tools;
}
