// Per-project records of the CI settings, repository extras and uploads the sandbox simulates
// (schedules, triggers, resource groups, job token scope, protected tags, commit statuses and notes, uploads).
import type { NoteRec, SandboxState } from './state.js';

export interface ScheduleVariableRec { key: string; value: string; variableType: string; raw: boolean }

export interface ScheduleRec {
  id: number; description: string; ref: string; cron: string; cronTimezone: string; active: boolean; createdAt: string; updatedAt: string;
  ownerId: number; variables: ScheduleVariableRec[]; pipelineIds: number[];
}

export interface TriggerRec { id: number; token: string; description: string; createdAt: string; updatedAt: string; lastUsed: string | null; ownerId: number; expiresAt: string | null }

export interface ResourceGroupRec { id: number; key: string; processMode: string; createdAt: string; updatedAt: string }

interface AllowlistEntry { id: number; defaultPermissions: boolean; policies: string[] }

export interface ProtectedTagRec { id: number; name: string; createLevel: number }

export interface CommitStatusRec {
  id: number; sha: string; ref: string | null; status: string; name: string; targetUrl: string | null; description: string | null;
  createdAt: string; startedAt: string | null; finishedAt: string | null; coverage: number | null; authorId: number; pipelineId: number;
}

export interface UploadRec { id: number; secret: string; filename: string; size: number; content: Buffer; createdAt: string; uploadedById: number }

export interface ProjectExtras {
  schedules: Map<number, ScheduleRec>;
  triggers: Map<number, TriggerRec>;
  resourceGroups: Map<string, ResourceGroupRec> | undefined;
  jobTokenInbound: boolean;
  allowProjects: Map<number, AllowlistEntry>;
  allowGroups: Map<number, AllowlistEntry>;
  protectedTags: Map<string, ProtectedTagRec>;
  statuses: CommitStatusRec[];
  /** Notes on commits, by commit sha. */
  commitNotes: Map<string, NoteRec[]>;
  uploads: Map<number, UploadRec>;
  wikiAttachments: UploadRec[];
}

const extras = new WeakMap<SandboxState, Map<number, ProjectExtras>>();

/** The extras of a project, made empty on first use. */
export function extrasOf(state: SandboxState, projectId: number): ProjectExtras {
  let all = extras.get(state);
  if (!all) { all = new Map(); extras.set(state, all); }
  let x = all.get(projectId);
  if (!x) {
    x = {
      schedules: new Map(), triggers: new Map(), resourceGroups: undefined, jobTokenInbound: true, allowProjects: new Map(), allowGroups: new Map(),
      protectedTags: new Map(), statuses: [], commitNotes: new Map(), uploads: new Map(), wikiAttachments: [],
    };
    all.set(projectId, x);
  }
  return x;
}
