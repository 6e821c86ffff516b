// Configuration: argv + environment + env file → a frozen Config, or a start-up refusal.
// SPEC "Credentials".
export { loadConfig,    } from './load.js';
export { HELP_TEXT, VERSION, REGISTRY_NAME } from './help.js';
export { ENV_VARS, FLAGS } from './settings.js';
export { parseDotenv } from './dotenv.js';
export {
  canonicalForgeUrl,    parseDuration,  parseSize, parseTrustedOrigin,
} from './values.js';
export type {
    Config,   LoadResult,      
} from './types.js';
