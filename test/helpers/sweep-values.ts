// Minimal valid values for the sweep, chosen to hit the sandbox's seed objects.
import type { Action, ParamSpec } from '../../src/catalog/define.js';

const BY_NAME: Record<string, unknown> = {
  project_id: '1',
  group_id: '10',
  namespace_id: '10',
  user_id: 1,
  issue_iid: 1,
  merge_request_iid: 1,
  note_id: 1,
  pipeline_id: 1,
  job_id: 1,
  snippet_id: 1,
  branch: 'main',
  branch_name: 'main',
  ref: 'main',
  ref_name: 'main',
  sha: 'main',
  commit_sha: 'main',
  file_path: 'README.md',
  tag_name: 'v1.0.0',
  title: 'Sweep',
  name: 'sweep',
  username: 'demo',
  email: 'sweep@example.com',
  search: 'demo',
  scope: 'projects',
  content: 'sweep',
  commit_message: 'sweep',
  key: 'SWEEP_KEY',
  value: 'sweep',
  url: 'https://example.com/hook',
  discussion_id: '1',
  slug: 'home',
  full_path: 'demo-group/demo-project',
  source_branch: 'feature',
  target_branch: 'main',
  from: 'main',
  to: 'main',
  access_level: 30,
  // A token of its own (see sweep.test.ts), so revoking or rotating it ends nothing else.
  token_id: 77,
};

export function sweepValue(_a: Action, name: string, spec: ParamSpec): unknown {
  if (name in BY_NAME) {
    const v = BY_NAME[name];
    if (spec.type === 'integer' && typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
    if (spec.type === 'string' && typeof v === 'number') return String(v);
    if (spec.enum && !spec.enum.includes(String(v))) return spec.enum[0];
    if (spec.type === 'array') return [v];
    return v;
  }
  if (spec.enum) return spec.enum[0];
  switch (spec.type) {
    case 'integer': case 'number': return 1;
    case 'boolean': return true;
    case 'array': return spec.items === 'integer' ? [1] : spec.items === 'object' ? [{}] : ['sweep'];
    case 'object': return {};
    default: return spec.idOrPath ? '1' : 'sweep';
  }
}
