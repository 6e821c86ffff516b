import { domain, str, int, obj, oneOf, req } from '../define.js';

const responseFormat = () => oneOf(['raw', 'llm'], 'raw: structured JSON; llm: compact text for assistants');

export default domain('orbit', 'Orbit knowledge graph of the public hosted instance (experimental): status, schema, query DSL, graph queries, indexing status', {
  status: {
    summary: 'Check the health of the Orbit knowledge graph service (status, version, components)',
    rest: 'GET /orbit/status',
    params: { response_format: responseFormat() },
    tier: 'premium',
    hostedOnly: true,
    fineGrained: ['read_orbit'],
    keywords: 'knowledge graph orbit available healthy up service status',
    examples: [
      'is the Orbit knowledge graph up?',
      'check Orbit service health and version',
    ],
  },
  schema: {
    summary: 'Get the Orbit graph ontology: domains, node types and edges (expand nodes for properties)',
    rest: 'GET /orbit/schema',
    params: {
      expand: str('Comma-separated node names to expand with properties and edges (e.g. MergeRequest,Project)'),
      format: responseFormat(),
    },
    tier: 'premium',
    hostedOnly: true,
    fineGrained: ['read_orbit'],
    keywords: 'knowledge graph ontology entities relationships nodes edges model',
    examples: [
      'what node types and edges does the Orbit graph have?',
      'show the Orbit ontology with MergeRequest and Project expanded',
    ],
  },
  dsl: {
    summary: 'Get the Orbit query DSL (JSON Schema of the graph query language) to write queries',
    rest: 'GET /orbit/schema/dsl',
    params: { response_format: responseFormat() },
    tier: 'premium',
    hostedOnly: true,
    fineGrained: ['read_orbit'],
    keywords: 'knowledge graph query language grammar syntax json schema',
    examples: [
      'how do I write an Orbit graph query? show the query language',
      'give me the JSON schema of the Orbit query DSL',
    ],
  },
  tools: {
    summary: 'List the Orbit MCP tool manifest: tool names, descriptions and parameter schemas',
    rest: 'GET /orbit/tools',
    params: {},
    tier: 'premium',
    hostedOnly: true,
    fineGrained: ['read_orbit'],
    keywords: 'knowledge graph tools manifest mcp',
    examples: [
      'list the Orbit MCP tools and their parameters',
      'what tools does the Orbit manifest expose?',
    ],
  },
  query: {
    summary: 'Run a read-only Orbit knowledge graph query (traversal, aggregation, neighbors, path finding)',
    rest: 'POST /orbit/query',
    writes: false,
    readNote: 'Orbit queries are read-only; POST carries the query document',
    params: {
      query: req(obj('Query object in the Orbit DSL, e.g. {"query_type":"traversal","node":{...},"limit":10}')),
      response_format: responseFormat(),
    },
    tier: 'premium',
    hostedOnly: true,
    fineGrained: ['read_orbit'],
    keywords: 'knowledge graph search relationships who touched dependencies traverse aggregate',
    examples: [
      'use the Orbit knowledge graph to find which projects depend on acme/auth-lib',
      'run an Orbit traversal from user alice to the MRs she authored, limit 10',
      'graph query: count merge requests per project in group acme',
    ],
  },
  graph_status: {
    summary: 'Get the Orbit indexing status of one group or project: indexed projects, entity counts, last run',
    rest: 'GET /orbit/graph_status',
    params: {
      full_path: str('Full path of the group or project (give exactly one of full_path, namespace_id, project_id)'),
      namespace_id: int('Group (namespace) ID'),
      project_id: int('Project ID'),
      response_format: responseFormat(),
    },
    tier: 'premium',
    hostedOnly: true,
    fineGrained: ['read_orbit'],
    notFound: { kind: 'Orbit-indexed group or project', idParam: 'full_path', listAction: 'orbit.status' },
    keywords: 'knowledge graph indexed indexing progress coverage',
    examples: [
      'is acme/shop indexed in Orbit yet?',
      'show Orbit indexing progress for group acme',
    ],
  },
});
