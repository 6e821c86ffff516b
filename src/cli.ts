#!/usr/bin/env node
// Entry point. Before anything else is loaded, turn on Node's compile cache, so that the start's
// modules (the SDK, zod, undici, ours) are compiled from the cache instead of parsed anew each time.
import { setFlagsFromString } from 'node:v8';
import { enableCompileCache } from './compile-cache.js';

// undici parses HTTP with llhttp, WebAssembly: by default V8 recompiles the parser with its optimizing
// compiler on a background thread on the first platform answers, 150-300 ms of CPU per process (on 2
// cores, taken from the start), for no measurable gain on answers this size. Baseline (Liftoff) code
// only; set before any wasm compiles. (`--no-wasm-tier-up` is not honoured once V8 runs.)
setFlagsFromString('--liftoff-only');
enableCompileCache();
await import('./start.js');
