// What a session's server says about itself in its `initialize` answer: name, capabilities and
// instructions. Read by the SDK's server (src/server/mcp.ts) and by the stdio opening
// (src/server/opening.ts), which answers `initialize` before the tool surfaces have loaded: this module
// imports nothing but the configuration, so that answer never waits for them (issue #31).
import { VERSION } from '../config/index.js';
import type { Session } from '../session/session.js';

export const SERVER_INFO = { name: 'forge-mcp-server', version: VERSION };

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
