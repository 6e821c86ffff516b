// Configuration: argv + environment + env file → a frozen Config, or a start-up refusal.
// SPEC "Credentials".
export { loadConfig, DEFAULT_FORGE_URL, HOME_ENV_FILE, RETIRED_VARIABLES } from './load.js';
export { HELP_TEXT, VERSION, REGISTRY_NAME, ENV_VARS } from './help.js';
export { FLAGS, USAGE_HINT } from './flags.js';
export { parseDotenv } from './dotenv.js';
export {
  canonicalForgeUrl, isLoopbackHost, parseAddressOrCidr, parseBool, parseDuration, parseHttpAddr, parseSize, parseTrustedOrigin,
} from './values.js';
export type {
  AuthMode, CapabilitySurface, Config, HttpListen, LoadInput, LoadResult, LogLevel, MetaParamSchema, RateLimit, Tier, ToolSurface, Transport,
} from './types.js';
