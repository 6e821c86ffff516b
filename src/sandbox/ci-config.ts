// The jobs a new pipeline gets, read from the project's `.gitlab-ci.yml` at the pipeline's commit, as GitLab
// evaluates it: stages, `when`, `allow_failure`, `extends`, `parallel`, `only`/`except`, `rules: if` and
// `workflow: rules`. What the sandbox does not evaluate (`include`, `trigger`, `rules: changes`…) is refused
// in so many words rather than guessed.
import { parse as parseYaml } from 'yaml';
import type { JobRec, RepoRec } from './state.js';
import { NOT_SIMULATED } from './unsimulated.js';

/** What the rules see of the pipeline being created. */
export interface PipelineContext {
  source: string; ref: string; tag: boolean; defaultBranch: string;
  /** The merge request of a merge request pipeline. */
  mr?: { iid: number; sourceBranch: string; targetBranch: string };
  variables: Array<{ key: string; value: string }>;
}

interface PlannedJob { name: string; stage: string; when: JobRec['when']; allowFailure: boolean }

/** The planned jobs in stage order, or the reason GitLab (or the sandbox) gives for creating no pipeline. */
export type Plan = { stages: string[]; jobs: PlannedJob[] } | { error: string };

const RULES_FAILURE = 'Pipeline will not run for the selected trigger. The rules configuration prevented any jobs from being added to the pipeline.';
const KEYWORDS = new Set(['stages', 'variables', 'default', 'include', 'workflow', 'image', 'services', 'cache', 'before_script', 'after_script', 'spec']);
/** The `only:`/`except:` words, by the pipeline sources they stand for. */
const SOURCE_WORDS: Record<string, string[]> = {
  api: ['api'], chat: ['chat'], external: ['external'], merge_requests: ['merge_request_event'], pipelines: ['pipeline'], pushes: ['push'],
  schedules: ['schedule'], triggers: ['trigger'], web: ['web'],
};
const PREDEFINED = ['CI_PIPELINE_SOURCE', 'CI_COMMIT_BRANCH', 'CI_COMMIT_TAG', 'CI_COMMIT_REF_NAME', 'CI_DEFAULT_BRANCH', 'CI_MERGE_REQUEST_IID', 'CI_MERGE_REQUEST_SOURCE_BRANCH_NAME', 'CI_MERGE_REQUEST_TARGET_BRANCH_NAME'];

type Job = Record<string, unknown>;
const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

function predefined(c: PipelineContext): Map<string, string | null> {
  const branch = c.mr || c.tag ? null : c.ref;
  const vars = new Map<string, string | null>([
    ['CI_PIPELINE_SOURCE', c.source], ['CI_COMMIT_BRANCH', branch], ['CI_COMMIT_TAG', c.tag ? c.ref : null], ['CI_COMMIT_REF_NAME', c.ref],
    ['CI_DEFAULT_BRANCH', c.defaultBranch], ['CI_MERGE_REQUEST_IID', c.mr ? String(c.mr.iid) : null],
    ['CI_MERGE_REQUEST_SOURCE_BRANCH_NAME', c.mr?.sourceBranch ?? null], ['CI_MERGE_REQUEST_TARGET_BRANCH_NAME', c.mr?.targetBranch ?? null],
  ]);
  for (const v of c.variables) if (!vars.has(v.key)) vars.set(v.key, v.value);
  return vars;
}

/** One `rules: if` expression: comparisons of variables with strings, variables or /regexps/, joined by && and ||. */
function evaluate(expr: string, vars: Map<string, string | null>): boolean {
  return expr.split('||').some((alt) => alt.split('&&').every((part) => {
    const m = /^\s*(\$\w+|"[^"]*"|'[^']*')\s*(?:(==|!=|=~|!~)\s*(\$\w+|"[^"]*"|'[^']*'|null|\/.*\/[a-z]*))?\s*$/.exec(part);
    if (!m) throw new Error(`${NOT_SIMULATED}the rules expression ${JSON.stringify(expr.trim())}`);
    const value = (term: string): string | null => {
      if (term === 'null') return null;
      if (!term.startsWith('$')) return term.slice(1, -1);
      if (term.startsWith('$CI_') && !PREDEFINED.includes(term.slice(1)) && !vars.has(term.slice(1))) throw new Error(`${NOT_SIMULATED}the CI/CD variable ${term} in rules`);
      return vars.get(term.slice(1)) ?? null;
    };
    const left = value(m[1]);
    if (!m[2]) return left !== null && left !== '';
    if (m[2] === '=~' || m[2] === '!~') {
      const re = /^\/(.*)\/([a-z]*)$/.exec(m[3]);
      if (!re) throw new Error(`${NOT_SIMULATED}the rules expression ${JSON.stringify(expr.trim())}`);
      const hit = left !== null && new RegExp(re[1], re[2].replace(/[^imsu]/g, '')).test(left);
      return m[2] === '=~' ? hit : !hit;
    }
    return (left === value(m[3])) === (m[2] === '==');
  }));
}

/** The first matching rule's `when` (and `allow_failure`), or undefined when none matches. */
function matchRules(rules: unknown, vars: Map<string, string | null>, where: string): { when?: string; allowFailure?: boolean } | undefined {
  if (!Array.isArray(rules)) throw new Error(`${where} rules should be an array of hashes`);
  for (const rule of rules) {
    if (!isObject(rule)) throw new Error(`${where} rules should be an array of hashes`);
    for (const k of Object.keys(rule)) if (!['if', 'when', 'allow_failure', 'variables'].includes(k)) throw new Error(`${NOT_SIMULATED}\`rules: ${k}\` (${where})`);
    if (rule.if === undefined || evaluate(String(rule.if), vars)) {
      return { when: typeof rule.when === 'string' ? rule.when : undefined, allowFailure: typeof rule.allow_failure === 'boolean' ? rule.allow_failure : undefined };
    }
  }
  return undefined;
}

/** Whether `only`/`except` refs select this pipeline (the default is `only: [branches, tags]`). */
function refsMatch(refs: unknown, c: PipelineContext, where: string): boolean {
  const list = isObject(refs) && Object.keys(refs).every((k) => k === 'refs') ? refs.refs : refs;
  if (!Array.isArray(list)) throw new Error(`${NOT_SIMULATED}\`only\`/\`except\` other than a list of refs (${where})`);
  return list.some((r) => {
    const word = String(r);
    if (word === 'branches') return !c.tag && !c.mr;
    if (word === 'tags') return c.tag;
    if (SOURCE_WORDS[word]) return SOURCE_WORDS[word].includes(c.source);
    const re = /^\/(.*)\/([a-z]*)$/.exec(word);
    return re ? new RegExp(re[1], re[2].replace(/[^imsu]/g, '')).test(c.ref) : word === c.ref;
  });
}

/** A job with its `extends` merged in (the later key wins, as GitLab's deep merge does for these flat keys). */
function resolveExtends(cfg: Record<string, unknown>, name: string, depth = 0): Job {
  const job = cfg[name] as Job;
  if (job.extends === undefined) return job;
  if (depth > 10) throw new Error(`${name}: circular dependency detected in \`extends\``);
  const bases = Array.isArray(job.extends) ? job.extends.map(String) : [String(job.extends)];
  let merged: Job = {};
  for (const b of bases) {
    if (!isObject(cfg[b])) throw new Error(`${name}: unknown key in \`extends\` (${b})`);
    merged = { ...merged, ...resolveExtends(cfg, b, depth + 1) };
  }
  const own = { ...job };
  delete own.extends;
  return { ...merged, ...own };
}

function planJob(name: string, job: Job, c: PipelineContext, vars: Map<string, string | null>): PlannedJob[] {
  for (const k of ['trigger', 'include']) if (k in job) throw new Error(`${NOT_SIMULATED}\`${k}\` jobs (${name})`);
  if (!('script' in job) && !('run' in job)) throw new Error(`jobs:${name} config should implement the script:, run:, or trigger: keyword`);
  let when = typeof job.when === 'string' ? job.when : 'on_success';
  let allowFailure = typeof job.allow_failure === 'boolean' ? job.allow_failure : undefined;
  if (job.rules !== undefined) {
    const hit = matchRules(job.rules, vars, name);
    if (!hit) return [];
    when = hit.when ?? when;
    allowFailure = hit.allowFailure ?? allowFailure ?? false;
  } else {
    if (!refsMatch(job.only ?? ['branches', 'tags'], c, name)) return [];
    if (job.except !== undefined && refsMatch(job.except, c, name)) return [];
    // A manual job outside `rules` may fail without failing the pipeline.
    allowFailure ??= when === 'manual';
  }
  if (when === 'never') return [];
  if (when !== 'on_success' && when !== 'manual' && when !== 'always') throw new Error(`${NOT_SIMULATED}\`when: ${when}\` (${name})`);
  const stage = typeof job.stage === 'string' ? job.stage : 'test';
  const parallel = job.parallel;
  if (parallel !== undefined && typeof parallel !== 'number') throw new Error(`${NOT_SIMULATED}\`parallel: matrix\` (${name})`);
  const names = typeof parallel === 'number' && parallel > 1 ? Array.from({ length: parallel }, (_, i) => `${name} ${i + 1}/${parallel}`) : [name];
  return names.map((n) => ({ name: n, stage, when, allowFailure: allowFailure ?? false }));
}

/** The jobs of a new pipeline on commit `sha`, in GitLab's words when there are none. */
export function planPipeline(repo: RepoRec, sha: string, c: PipelineContext): Plan {
  const raw = repo.commits.get(sha)?.files.get('.gitlab-ci.yml');
  if (raw === undefined) return { error: 'Missing CI config file' };
  let cfg: unknown;
  try { cfg = parseYaml(raw); } catch { return { error: 'Invalid configuration format' }; }
  if (!isObject(cfg)) return { error: 'Invalid configuration format' };
  try {
    if ('include' in cfg) throw new Error(`${NOT_SIMULATED}\`include\``);
    const vars = predefined(c);
    if (isObject(cfg.workflow) && cfg.workflow.rules !== undefined) {
      const hit = matchRules(cfg.workflow.rules, vars, 'workflow');
      if (!hit || hit.when === 'never') return { error: 'Pipeline filtered out by workflow rules.' };
    }
    const declared = Array.isArray(cfg.stages) ? cfg.stages.map(String) : ['build', 'test', 'deploy'];
    const stages = ['.pre', ...declared.filter((s) => s !== '.pre' && s !== '.post'), '.post'];
    const jobs: PlannedJob[] = [];
    const defined = Object.entries(cfg).filter(([name, job]) => !KEYWORDS.has(name) && !name.startsWith('.') && isObject(job));
    if (!defined.length) return { error: 'jobs config should contain at least one visible job' };
    for (const [name] of defined) {
      for (const planned of planJob(name, resolveExtends(cfg, name), c, vars)) {
        if (!stages.includes(planned.stage)) throw new Error(`${name} job: chosen stage ${planned.stage} does not exist; available stages are ${stages.join(', ')}`);
        jobs.push(planned);
      }
    }
    // Jobs of .pre and .post alone make no pipeline either (GitLab's Chain::Populate).
    if (jobs.every((j) => j.stage === '.pre' || j.stage === '.post')) return { error: RULES_FAILURE };
    jobs.sort((a, b) => stages.indexOf(a.stage) - stages.indexOf(b.stage));
    return { stages, jobs };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
