// MCP CallToolResult builders. Failures: one text block, isError, no structuredContent.
// Success: Markdown for the assistant, structuredContent, optionally the object's canonical resource.
// SPEC "Tool result", "Result shape", "Not-found cards".
import type { Rendered } from './types.js';
import { cleanDeep, code, fence, heading, inline, toText, wholeNumber } from './contain.js';
import { kindOf } from './kinds.js';
import { summary } from './shared.js';

interface TextContent {
  type: 'text';
  text: string;
  annotations?: { audience?: Array<'user' | 'assistant'>; priority?: number };
}

interface EmbeddedResourceContent {
  type: 'resource';
  resource: { uri: string; mimeType: string; text: string };
  annotations?: { audience?: Array<'user' | 'assistant'>; priority?: number };
}

type ResultContent = TextContent | EmbeddedResourceContent;

export interface ToolResult {
  content: ResultContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface EmbeddedResource {
  uri: string;
  mimeType: string;
  text: string;
}

const TEXT_PRIORITY = 0.9;
const RESOURCE_PRIORITY = 0.3;

/**
 * The one client-specific tweak: a coding client that reads priorities as integers gets 0 or 1
 * instead of fractions. Identity and permissions never depend on it.
 */
export function integerPriorities(result: ToolResult): ToolResult {
  return {
    ...result,
    content: result.content.map((c) => {
      const a = (c as { annotations?: { priority?: number } }).annotations;
      return a && typeof a.priority === 'number' ? { ...c, annotations: { ...a, priority: a.priority >= 0.5 ? 1 : 0 } } : c;
    }) as ResultContent[],
  };
}

/** A successful call: Markdown annotated for the assistant, structuredContent, optional embedded resource. */
export function successResult(rendered: Rendered, opts: { embed?: EmbeddedResource } = {}): ToolResult {
  // The Markdown is what the assistant reads first; the embedded object is there for reference.
  const content: ResultContent[] = [{ type: 'text', text: rendered.markdown, annotations: { audience: ['assistant'], priority: TEXT_PRIORITY } }];
  const embed = opts.embed;
  if (embed) content.push({ type: 'resource', resource: { uri: embed.uri, mimeType: embed.mimeType, text: embed.text }, annotations: { audience: ['assistant'], priority: RESOURCE_PRIORITY } });
  // Platform text is untrusted in every block: structuredContent is cleaned like the Markdown.
  const structured = rendered.structured && typeof rendered.structured === 'object' && !Array.isArray(rendered.structured) ? (cleanDeep(rendered.structured) as Record<string, unknown>) : {};
  return { content, structuredContent: structured };
}

/** A failed call: exactly one text block, no structuredContent. */
export function errorResult(message: string): ToolResult {
  return { isError: true, content: [{ type: 'text', text: toText(message) }] };
}

export interface NotFoundCardInput {
  /** The object kind named on the card, e.g. `merge request`. */
  kind: string;
  /** The identifier as the caller wrote it (aliases resolved). */
  identifier: unknown;
  /** Canonical ID of the list action to suggest, e.g. `merge_request.list`. */
  listAction: string;
  /** A fine-grained session reading through GraphQL: the token may not see the object. */
  graphqlNote?: boolean;
}

/** The identifier as written: numbers whole, strings contained in inline code, objects as JSON. */
function shownIdentifier(identifier: unknown): string {
  if (identifier === undefined || identifier === null || identifier === '') return '(not given)';
  if (typeof identifier === 'number') return code(wholeNumber(identifier));
  return code(toText(identifier), 200);
}

/** The informational answer of the card domains' get actions to a platform 404 (isError, no structuredContent). */
export function notFoundCard(input: NotFoundCardInput): ToolResult {
  const kind = inline(input.kind, 80) || 'object';
  const list = code(input.listAction, 120);
  const lines = [
    `## Not Found: ${heading(input.kind, 80) || 'object'}`,
    '',
    `The ${kind} ${shownIdentifier(input.identifier)} does not exist or is not accessible with the current permissions.`,
  ];
  if (input.graphqlNote) {
    lines.push('', `Note: this session uses a fine-grained personal access token, which sees only what its grant covers; the ${kind} may exist outside what the token may see.`);
  }
  lines.push(
    '',
    '### Next steps',
    `- Use ${list} to see which exist`,
    '- Check the identifier (and the project or group it belongs to) for typos',
  );
  return errorResult(lines.join('\n'));
}

export interface SafeModeCardInput {
  actionId: string;
  args: unknown;
  /** The surface that asked: `individual` answers with an error result. */
  surface: string;
  /** The local file the call would have written (a download's output_path). */
  localWrite?: string;
}

/** Safe mode on a write: a preview of what would have been sent; nothing reaches the platform. */
export function safeModeCard(input: SafeModeCardInput): ToolResult {
  let json: string;
  try {
    json = JSON.stringify(input.args ?? {}, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? '{}';
  } catch {
    json = toText(input.args);
  }
  const markdown = [
    '## Safe mode blocked',
    '',
    '- status: blocked',
    '- mode: safe',
    `- action: ${code(input.actionId, 120)}`,
    ...(input.localWrite !== undefined ? [`- local write: ${code(input.localWrite, 200)}`] : []),
    '',
    'Arguments:',
    '',
    fence(json, 'json'),
    '',
    `Nothing was sent to the platform${input.localWrite !== undefined ? ' and no local file was written' : ''}. To run this action, set \`FORGE_MCP_SAFE_MODE=false\` in the server's environment and restart it.`,
  ].join('\n');
  if (input.surface === 'individual') return errorResult(markdown);
  return successResult({ markdown, structured: { status: 'blocked', mode: 'safe', action: toText(input.actionId) } });
}

/**
 * A result with the answers of the action's declared extra reads (`also`): one line each under
 * "Related:" in the Markdown, the answers in `structuredContent.related`. Platform text, so contained
 * like the rest: the line shows a name as inline text, the answers are cleaned of invisible characters.
 */
export function withRelated(result: ToolResult, related: Record<string, unknown>): ToolResult {
  if (result.isError) return result;
  const lines = Object.entries(related).map(([route, body]) => `- ${code(route, 300)}: ${summarize(body)}`);
  const [first, ...rest] = result.content;
  const text = first && first.type === 'text' ? { ...first, text: `${first.text}\n\nRelated:\n${lines.join('\n')}` } : first;
  return { ...result, content: [text, ...rest], structuredContent: { ...(result.structuredContent ?? {}), related: cleanDeep(related) } };
}

const RELATED_ITEMS = 10;

/** One item of a related list: its name (shared summary), by whom (an award emoji's user), how it links (an issue link's type). */
function relatedItem(v: unknown): string {
  const name = summary(v);
  if (!name || !v || typeof v !== 'object') return name ? inline(name, 120) : '';
  const o = v as Record<string, unknown>;
  const user = o.user && typeof o.user === 'object' ? (o.user as Record<string, unknown>).username : undefined;
  const extra = [typeof user === 'string' ? `by @${user}` : '', typeof o.link_type === 'string' ? o.link_type : ''].filter(Boolean).join(', ');
  return inline(extra ? `${name} (${extra})` : name, 160);
}

function summarize(body: unknown): string {
  if (Array.isArray(body)) {
    // A collection read after a write to it (the reactions after one was added): what the UI shows next, so the
    // assistant need not list it again. Up to 10 items by name, with who and how they relate where they say so.
    const items = body.slice(0, RELATED_ITEMS).map(relatedItem).filter(Boolean);
    const count = `${body.length} item${body.length === 1 ? '' : 's'}`;
    return items.length ? `${count}: ${items.join(', ')}${body.length > items.length ? ', …' : ''}` : count;
  }
  if (body && typeof body === 'object') {
    const o = body as Record<string, unknown>;
    // A branch read after a file write: the commit the write made is its head.
    if (kindOf(o)?.name === 'branch' && o.commit && typeof o.commit === 'object') {
      const c = o.commit as Record<string, unknown>;
      return `${inline(o.name, 120)} at commit ${inline(`${toText(c.id ?? '')} ${toText(c.title ?? '')}`.trim(), 300)}`;
    }
    const name = o.path_with_namespace ?? o.name_with_namespace ?? o.username ?? o.name ?? o.title ?? o.id;
    return typeof name === 'string' || typeof name === 'number' ? inline(name, 120) : 'object';
  }
  return 'no content';
}
