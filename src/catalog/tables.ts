// The catalog from its source, the domain tables (src/catalog/domains/): what tests and the unbundled dist/ load,
// and what the build serialises into the bundle's data file (scripts/catalog-data.mjs).
import { frozenEntry, type DomainInfo } from './define.js';
import { buildDomain } from './build.js';
import { DOMAINS } from './domains/index.js';

export function resolveTables(): DomainInfo[] {
  return DOMAINS.map((def) => ({ name: def.domain, description: def.description, actions: buildDomain(def).map(frozenEntry) }));
}
