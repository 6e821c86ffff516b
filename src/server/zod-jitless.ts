// The SDK checks every JSON-RPC message against its zod schemas. By default zod generates and compiles
// a fast path (new Function) for each object schema the first time it parses with it: on a stdio start
// that code generation is the largest single cost between the first message and the first tools/list,
// for schemas each used a few times per call. Interpreted parsing gives the same answers. zod reads the
// setting when a schema is built, so src/server/stdio.ts imports this module (a chunk of its own) before
// the SDK's.
import { config } from 'zod/v4/core';

config({ jitless: true });
