// The ui:// resource holding the three views. CSP empty: the views fetch nothing; all data comes
// through the host from the tools.
import { APP_MIME_TYPE } from './declares.js';
import { VIEW_URI } from './tools.js';

export const VIEW_RESOURCE = { uri: VIEW_URI, name: 'views', title: 'GitLab views', description: 'Pipeline, job log and merge request review views', mimeType: APP_MIME_TYPE };

export async function readViews(): Promise<{ uri: string; mimeType: string; text: string; _meta: Record<string, unknown> } | undefined> {
  const { VIEWS_HTML } = await import('./html.js');
  if (VIEWS_HTML === undefined) return undefined;
  return { uri: VIEW_URI, mimeType: APP_MIME_TYPE, text: VIEWS_HTML, _meta: { ui: { csp: {}, prefersBorder: true } } };
}
