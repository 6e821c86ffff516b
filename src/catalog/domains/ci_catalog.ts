import { domain, str, oneOf, cursor } from '../define.js';

const RESOURCE_FIELDS = `
      id
      name
      description
      icon
      fullPath
      webPath
      starCount
      last30DayUsageCount
      archived
      topics
      verificationLevel
      visibilityLevel
      latestReleasedAt`;

/** A bare number is turned into the catalog resource's global ID. */
const resourceGid = (v: unknown): unknown =>
  typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? `gid://gitlab/Ci::Catalog::Resource/${v}` : v;

export default domain('ci_catalog', 'The CI/CD Catalog: published reusable CI/CD components and their versions and inputs', {
  list: {
    summary: 'Search the CI/CD Catalog for published component projects, with their latest version',
    graphql: {
      kind: 'query',
      document: `query ciCatalogResources($search: String, $scope: CiCatalogResourceScope, $sort: CiCatalogResourceSort, $first: Int, $after: String) {
  ciCatalogResources(search: $search, scope: $scope, sort: $sort, first: $first, after: $after) {
    nodes {${RESOURCE_FIELDS}
      versions(first: 1) {
        nodes {
          name
          releasedAt
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}`,
      resultPath: 'ciCatalogResources',
      connection: true,
    },
    params: {
      search: str('Search text matched against resource names and descriptions'),
      scope: oneOf(['ALL', 'NAMESPACES'], 'ALL resources, or only those of namespaces you belong to'),
      sort: oneOf([
        'NAME_ASC', 'NAME_DESC', 'LATEST_RELEASED_AT_ASC', 'LATEST_RELEASED_AT_DESC', 'CREATED_ASC', 'CREATED_DESC',
        'STAR_COUNT_ASC', 'STAR_COUNT_DESC', 'USAGE_COUNT_ASC', 'USAGE_COUNT_DESC',
      ], 'Sort order (default NAME_ASC)'),
      ...cursor(),
    },
    fineGrained: { withheld: 'type', name: 'CiCatalogResource' },
    keywords: 'CI components templates reusable pipeline includes marketplace catalog search orbs discover browse shared',
    examples: [
      'are there any CI components for terraform in the catalog?',
      'search the CI/CD catalog for a docker build component',
      'which reusable pipeline components are published for SAST scanning?',
      'most used CI/CD catalog components, sorted by usage',
      'find a reusable component for deploying to Kubernetes published in our namespaces',
    ],
  },
  get: {
    summary: 'Get one CI/CD Catalog resource: versions, components and their inputs',
    graphql: {
      kind: 'query',
      document: `query ciCatalogResource($id: CiCatalogResourceID, $fullPath: ID) {
  ciCatalogResource(id: $id, fullPath: $fullPath) {${RESOURCE_FIELDS}
    versions(first: 10) {
      nodes {
        name
        releasedAt
        path
        components {
          nodes {
            name
            includePath
            inputs {
              name
              description
              type
              required
              default
            }
          }
        }
      }
    }
  }
}`,
      resultPath: 'ciCatalogResource',
      variables: (p) => ({ id: resourceGid(p.resource_id), fullPath: p.full_path }),
    },
    params: {
      full_path: str('Full path of the project that hosts the resource, e.g. my-group/components'),
      resource_id: str('Catalog resource ID or global ID (gid://gitlab/Ci::Catalog::Resource/<n>); or use full_path'),
    },
    fineGrained: { withheld: 'type', name: 'CiCatalogResource' },
    keywords: 'CI component inputs include usage versions catalog spec parameters orbs',
    examples: [
      'what inputs does the components/opentofu catalog resource take?',
      'show versions and components of acme/ci-templates in the CI catalog',
      'how do I include the latest version of catalog resource gitlab-org/components/sast?',
      'show catalog resource gid://gitlab/Ci::Catalog::Resource/42 with its versions',
      'what inputs does the platform/pipeline-components/node-build component need?',
    ],
  },
});
