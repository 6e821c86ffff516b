// The part of undici the platform client runs on: the agents and their API, from their own modules.
// `import 'undici'` evaluates all of it (fetch, WebSocket, caches, mocks: ~1 MB, and its cookies module
// makes Node load its own bundled undici too), on every start before the first answer; these modules
// are a fraction of that. undici's package exports no map, so these paths are public files; the
// lockfile pins the version and every platform call in the tests goes through them.
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import api from 'undici/lib/api/index.js';

// What undici's index does: the API on every dispatcher (`request` for the client, `connect` for the
// proxy agent's tunnel).
Object.assign(Dispatcher.prototype, api);

export { Agent, EnvHttpProxyAgent };
