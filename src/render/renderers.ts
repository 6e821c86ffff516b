// Renderers: the platform's answer (never trusted to have its documented shape) → Markdown for the
// assistant plus structuredContent. Every platform-written string goes through src/render/contain.ts.
// Nothing is cut silently: every bound states what was left out and how to read it.
import type { Renderer } from './types.js';
import { generic } from './generic.js';
import { diff } from './diff.js';
import { fileContent, jobTrace, text } from './textual.js';

export { languageFor } from './shared.js';
export { stripAnsi } from './textual.js';

// ---------------------------------------------------------------- registry

export const renderers: Record<string, Renderer> = {
  generic,
  job_trace: jobTrace,
  diff,
  file_content: fileContent,
  text,
};

export const RENDERER_NAMES: readonly string[] = Object.keys(renderers);

/** The local params (`in: 'local'`) each renderer reads; they are consumed here and never sent. */
export const RENDERER_LOCAL_PARAMS: Readonly<Record<string, readonly string[]>> = {
  generic: [],
  job_trace: ['tail_lines', 'offset'],
  diff: ['file_page', 'files_per_page'],
  file_content: ['start_line', 'end_line'],
  text: ['start_line', 'end_line'],
};

/** The renderer of an action (`generic` when none is named or the name is unknown). */
export function renderFor(name?: string): Renderer {
  const r = typeof name === 'string' && Object.prototype.hasOwnProperty.call(renderers, name) ? renderers[name] : undefined;
  return r ?? generic;
}

