import { domain, id, str, int, bool, oneOf, req, strList, intList, paging, type ParamSpec } from '../define.js';

// Geo sites (administrators, Premium): the primary and secondary sites of a Geo deployment.

const siteId = () => id.int('ID of the Geo site');

/** Notes for the create and edit routes against their generated definition (about GitLab 18.9). */
const SITE_NOTES = {
  undocumented: {
    blob_download_timeout: 'added in GitLab 18.10, after the generated definition: doc/api/geo_sites.md (gitlabhq 13dfbd88) lists it on create and update',
  },
  omitted: {
    selective_sync_organization_ids: 'not on GitLab\'s Geo sites page (doc/api/geo_sites.md, gitlabhq 13dfbd88); selective sync by groups or shards is the documented form',
  },
};

/** Settings shared by create and edit (all optional on edit). */
const siteSettings = (): Record<string, ParamSpec> => ({
  enabled: bool('Whether the Geo site is enabled (default true)'),
  internal_url: str('URL secondaries use to reach this site (default: url)'),
  files_max_capacity: int('Maximum concurrency of LFS/attachment backfill (default 10)'),
  repos_max_capacity: int('Maximum concurrency of repository backfill (default 25)'),
  verification_max_capacity: int('Maximum concurrency of verification (default 100)'),
  container_repositories_max_capacity: int('Maximum concurrency of container repository sync (default 10)'),
  sync_object_storage: bool('Whether a secondary replicates blobs stored in object storage'),
  selective_sync_type: oneOf(['namespaces', 'shards'], 'Limit syncing to some groups (namespaces) or storage shards'),
  selective_sync_shards: strList('Repository storages to sync when selective_sync_type is shards'),
  selective_sync_namespace_ids: intList('IDs of the groups to sync when selective_sync_type is namespaces'),
  minimum_reverification_interval: int('Days a verification stays valid before re-verification (primary only)'),
  blob_download_timeout: int('Timeout in seconds for blob replication (default 28800, maximum 86400)'),
});

export default domain('geo', 'Geo sites of the instance (administrators, Premium): list, read, status, create, edit, repair, delete', {
  list: {
    summary: 'List the Geo sites of the instance with their configuration',
    rest: 'GET /geo_sites',
    params: { ...paging() },
    tier: 'premium',
    fineGrained: ['read_geo_site'],
    keywords: 'geo replication secondary primary sites nodes disaster recovery dr replicas distributed multi-region',
    examples: [
      'list the Geo sites of this instance',
      'which Geo secondaries are configured?',
      'show all Geo sites with their URLs',
      'what primary and secondary sites does our DR setup have?',
      'list Geo nodes, primary included',
    ],
  },
  get: {
    summary: 'Get the configuration of one Geo site',
    rest: 'GET /geo_sites/{geo_site_id}',
    params: { geo_site_id: siteId() },
    tier: 'premium',
    fineGrained: ['read_geo_site'],
    keywords: 'geo replication site node details dr secondary replica url capacity',
    examples: [
      'show the config of Geo site 2',
      'what URL and capacities does Geo site 3 use?',
      'get Geo site 4 settings',
      'is selective sync turned on for site 2 of our disaster recovery setup?',
      'show me how the eu-west Geo site (id 3) is configured',
    ],
  },
  list_status: {
    summary: 'List the replication and verification status of every Geo site',
    rest: 'GET /geo_sites/status',
    params: { ...paging() },
    tier: 'premium',
    fineGrained: ['read_geo_site'],
    keywords: 'geo replication sync health lag status all sites dr behind replicas backfill overview nodes',
    examples: [
      'how far behind are all Geo secondaries?',
      'replication health of every Geo site',
      'status of all Geo sites',
      'are any secondaries lagging on replication or verification right now?',
      'list sync status for every Geo node',
    ],
  },
  get_status: {
    summary: 'Get the replication and verification status of one Geo site',
    rest: 'GET /geo_sites/{geo_site_id}/status',
    params: {
      geo_site_id: siteId(),
      refresh: bool('Ask the site directly for its latest status instead of the cached one'),
    },
    tier: 'premium',
    fineGrained: ['read_geo_site'],
    keywords: 'geo replication sync health lag status site dr behind in-sync node backfill checksums',
    examples: [
      'is Geo site 2 in sync?',
      'show replication and verification status for Geo site 3',
      'get the status of Geo site 4, refresh it from the site',
      'how much replication lag does secondary 3 have?',
      'verification progress on Geo site 2',
    ],
  },
  create: {
    summary: 'Create a Geo site (primary or secondary) with its URL and sync settings',
    rest: 'POST /geo_sites',
    params: {
      name: req(str('Unique site name: geo_node_name from gitlab.rb, else the external_url')),
      url: req(str('User-facing URL of the site')),
      primary: bool('Make this the primary site (default false)'),
      ...siteSettings(),
    },
    ...SITE_NOTES,
    tier: 'premium',
    fineGrained: ['create_geo_site'],
    keywords: 'add new geo secondary site node replication register setup dr replica provision region',
    examples: [
      'add a Geo secondary site named eu-west at https://eu.gitlab.example.com',
      'create a new Geo site for the Tokyo DR region',
      'create a Geo secondary ap-south at https://ap.gitlab.example.com syncing only group acme',
      'register a new DR replica named us-east-2 at https://use2.gitlab.example.com',
      'add Geo site dr-frankfurt with object storage sync enabled',
    ],
  },
  edit: {
    summary: 'Update a Geo site: name, URLs, capacities, selective sync',
    rest: 'PUT /geo_sites/{geo_site_id}',
    params: {
      geo_site_id: siteId(),
      name: str('Unique site name: geo_node_name from gitlab.rb, else the external_url'),
      url: str('User-facing URL of the site'),
      ...siteSettings(),
    },
    ...SITE_NOTES,
    tier: 'premium',
    fineGrained: ['update_geo_site'],
    keywords: 'change modify geo site node settings selective sync capacity tune dr reconfigure rename throttle concurrency',
    examples: [
      'limit Geo site 2 to syncing only group acme',
      'set repository backfill capacity of Geo site 3 to 50',
      'disable Geo site 4 for maintenance',
      'change the internal URL of Geo site 2 to https://geo2.internal',
      'raise verification concurrency on secondary 3 to 200',
    ],
  },
  repair: {
    summary: 'Repair the OAuth authentication between a Geo site and the primary',
    rest: 'POST /geo_sites/{geo_site_id}/repair',
    params: { geo_site_id: siteId() },
    tier: 'premium',
    fineGrained: ['repair_geo_site'],
    keywords: 'fix geo oauth application secondary site broken login sso re-authenticate dr node',
    examples: [
      'fix the OAuth between Geo site 2 and the primary',
      'repair authentication of the eu-west Geo secondary (site 3)',
      'repair Geo site 4, its OAuth app is broken',
      'secondary 2 cannot log in to the primary, fix its authentication',
      'reset the OAuth link between Geo site 5 and the primary',
    ],
  },
  delete: {
    summary: 'Delete a Geo site (replication to it stops)',
    rest: 'DELETE /geo_sites/{geo_site_id}',
    params: { geo_site_id: siteId() },
    destructive: true,
    tier: 'premium',
    fineGrained: ['delete_geo_site'],
    keywords: 'remove geo secondary site node decommission dr replica retire drop',
    examples: [
      'delete Geo site 4',
      'remove the decommissioned Geo secondary site 5',
      'delete the old dr-tokyo Geo site (id 6)',
      'get rid of DR secondary 7, we shut that datacenter down',
      'remove Geo site 8 and stop replicating to it',
    ],
  },
}, { adminMode: true });
