#!/usr/bin/env node
// Entry point. Before anything else is loaded, turn on Node's compile cache, so that the start's
// modules (the SDK, zod, undici, ours) are compiled from the cache instead of parsed anew each time.
import { enableCompileCache } from './compile-cache.js';

enableCompileCache();
await import('./start.js');
