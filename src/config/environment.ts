// The environment the settings are read from: the process environment, over the env file
// (~/.forge-mcp-server.env, or the absolute path FORGE_MCP_ENV_FILE names). SPEC "Credentials".
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { parseDotenv } from './dotenv.js';
import { refuse, show } from './readers.js';
import type { LoadInput } from './types.js';

export const HOME_ENV_FILE = '.forge-mcp-server.env';
const ALLOWED_DIRS_VAR = /^FORGE_MCP_ALLOWED_(?:[A-Z0-9_]+_)?DIRS$/;

export interface EnvRead {
  env: Record<string, string | undefined>;
  envFile: string | undefined;
  fileKeys: Set<string>;
}

export function readEnvironment(input: LoadInput, warnings: string[]): EnvRead {
  const named = input.env.FORGE_MCP_ENV_FILE;
  let path: string | undefined;
  let text: string | undefined;
  if (named !== undefined && named.trim() !== '') {
    const p = named.trim();
    if (!isAbsolute(p)) refuse(`FORGE_MCP_ENV_FILE=${show(p)} must be an absolute path (a relative one would depend on the directory the client starts the server in)`);
    text = input.readFile(p);
    if (text === undefined) refuse(`FORGE_MCP_ENV_FILE=${show(p)} names a file that cannot be read; fix the path or unset FORGE_MCP_ENV_FILE`);
    path = p;
  } else {
    const p = join(input.homeDir, HOME_ENV_FILE);
    if (input.fileExists(p)) {
      text = input.readFile(p);
      if (text === undefined) warnings.push(`${p} exists but cannot be read; its settings are not applied`);
      else path = p;
    }
  }
  const env: Record<string, string | undefined> = { ...input.env };
  const fileKeys = new Set<string>();
  if (text !== undefined && path !== undefined) {
    const { values, badLines } = parseDotenv(text);
    if (badLines.length) warnings.push(`${path}: line${badLines.length > 1 ? 's' : ''} ${badLines.join(', ')} ${badLines.length > 1 ? 'are' : 'is'} not KEY=VALUE and ${badLines.length > 1 ? 'were' : 'was'} skipped`);
    for (const [k, v] of Object.entries(values)) {
      fileKeys.add(k);
      if (k === 'FORGE_MCP_ENV_FILE') continue;
      // An empty variable counts as unset, so the file's value applies.
      if (input.env[k] === undefined || input.env[k] === '') env[k] = v;
    }
  }
  return { env, envFile: path, fileKeys };
}

/** Every FORGE_MCP_ALLOWED_*_DIRS variable, split on the path delimiter or commas, resolved and deduplicated. */
export function readAllowedDirs(env: Record<string, string | undefined>, input: LoadInput): string[] {
  const dirs: string[] = [];
  for (const name of Object.keys(env).filter((k) => ALLOWED_DIRS_VAR.test(k)).sort()) {
    const raw = env[name] ?? '';
    for (const part of raw.split(delimiter).flatMap((p) => p.split(','))) {
      const p = part.trim();
      if (p === '') continue;
      const expanded = p === '~' ? input.homeDir : p.startsWith('~/') ? join(input.homeDir, p.slice(2)) : p;
      dirs.push(resolve(input.cwd, expanded));
    }
  }
  return [...new Set(dirs)];
}
