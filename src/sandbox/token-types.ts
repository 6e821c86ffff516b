// The sandbox's token shapes: what a test registers and what the registry holds. Apart from the other
// sandbox types because the state holds tokens and the request types hold the state.

/** One scope of a fine-grained grant, in the creation payload shape. */
export interface GranularScope {
  access: 'personal_projects' | 'selected_memberships' | 'all_memberships' | 'user' | 'instance';
  permissions: string[];
  project_ids?: number[];
  group_ids?: number[];
}

export interface TokenSpec {
  kind: 'classic' | 'fine_grained' | 'oauth';
  scopes: string[];
  userId: number;
  tokenId?: number;
  name?: string;
  expiresAt?: string | null;
  revoked?: boolean;
  /** Fine-grained only: the grant. Core routes are judged against it; undefined means "everything". */
  granularScopes?: GranularScope[];
  /** OAuth only: `application.uid` reported by /oauth/token/info (default 'app-uid-1'). */
  applicationUid?: string;
  description?: string;
  /** An impersonation token an administrator made for the user (listed under the user's impersonation tokens only). */
  impersonation?: boolean;
}

/** A token as the registry holds it. */
export interface TokenRec extends TokenSpec {
  value: string;
  tokenId: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
