// After the first tools/list has been answered, the model reads the list and thinks (seconds): that idle
// time loads what the first tools/call needs, so the call does not wait for it. The call path's chunks
// and the catalog only: the find index is left to the first find (it is memory a server that never
// finds would keep). Each step is a promise the call shares if it comes first, so it never loads twice.
import { loadCatalog } from '../catalog/index.js';

let warming: Promise<void> | undefined;

/** Starts loading the first call's code and data, once per process; never throws. */
export function warmCallPath(): Promise<void> {
  warming ??= (async () => {
    await import('../pipeline/call.js');
    await loadCatalog();
  })().catch(() => {
    // Whatever failed here fails again in the call that needs it, and is reported there.
  });
  return warming;
}
