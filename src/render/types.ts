import type { Action } from '../catalog/define.js';

export interface Pagination {
  page?: number;
  per_page?: number;
  next_page?: number;
  has_more?: boolean;
  total_items?: number;
  total_pages?: number;
  /** GraphQL connections */
  has_next_page?: boolean;
  end_cursor?: string | null;
}

export interface RenderInput {
  action: Action;
  /** The validated params of the call (aliases resolved). */
  params: Record<string, unknown>;
  /** The platform's answer (parsed JSON, text, or null for 204). Never trust its shape. */
  data: unknown;
  pagination?: Pagination;
  /** The action's next steps with their params filled from this call (src/pipeline/nextsteps.ts). */
  next?: ReadonlyArray<{ action: string; params: Record<string, unknown>; more?: string }>;
  /** The fields the caller asked to see in full (the `fields` argument): names, or every field. */
  show?: FieldRequest;
  /** The answers of the action's declared reads sent before it (`before`), by label. */
  before?: Record<string, unknown>;
  /** What the list holds when a route companion chose its route (`direct members`); else read from the action. */
  things?: string;
}

export type FieldRequest = 'all' | readonly string[];

export interface Rendered {
  /** Markdown for the assistant; every platform-written string contained. */
  markdown: string;
  /** structuredContent of the result (always an object). */
  structured: Record<string, unknown>;
}

export type Renderer = (input: RenderInput) => Rendered;
