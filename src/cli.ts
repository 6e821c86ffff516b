#!/usr/bin/env node
// Entry point. Before anything else is loaded, turn on Node's compile cache, so that the start's
// modules (the SDK, zod, undici, ours) are compiled from the cache instead of parsed anew each time.
import { setFlagsFromString } from 'node:v8';
import { enableCompileCache } from './compile-cache.js';

// Node 20: undici parses HTTP with llhttp, WebAssembly, and V8 recompiles the parser with its
// optimizing compiler on a background thread on the first platform answers: 150-300 ms of CPU per
// process (on 2 cores, taken from the start), for no measurable gain on answers this size. Baseline
// (Liftoff) code only there; set before any wasm compiles (`--no-wasm-tier-up` is not honoured once
// V8 runs). Not on Node 22 and 24: there the flag costs 70-130 ms of start-up CPU (measured, issue #31).
if (process.versions.node.split('.')[0] === '20') setFlagsFromString('--liftoff-only');
enableCompileCache();
await import('./start.js');
