// Node's compile cache (Node >= 22.1): V8's code cache of every module loaded, kept on disk between
// starts. It holds compiled JavaScript of the package only (no token, no answer), in the user's
// cache directory, never inside the package (which may be read-only or shared). On Node 20 there is no
// such API: nothing happens. NODE_DISABLE_COMPILE_CACHE=1 turns it off (Node reads it itself).
import module from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The per-user cache directory of the OS, as each platform names it. */
function userCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home = homedir()): string {
  if (platform === 'win32') return env.LOCALAPPDATA || join(home, 'AppData', 'Local');
  if (platform === 'darwin') return join(home, 'Library', 'Caches');
  return env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(home, '.cache');
}

export function enableCompileCache(): void {
  const enable = (module as { enableCompileCache?: (dir?: string) => unknown }).enableCompileCache;
  if (typeof enable !== 'function') return;
  try {
    // Node keeps a folder per Node version and build inside it, so upgrades never read stale code.
    enable(join(userCacheDir(), 'forge-mcp-server', 'compile-cache'));
  } catch {
    // A cache that cannot be written (a read-only home) only costs the speed-up.
  }
}
