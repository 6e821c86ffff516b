import { domain, id, int, req, strList, cursor, type ParamSpec } from '../define.js';

const projectPath = (): ParamSpec => ({ ...id.project(), description: 'Full path of the project (e.g. group/project)' });

export default domain('security_finding', 'Security report findings of a pipeline (what a merge request or branch pipeline\'s scanners reported)', {
  list: {
    summary: 'List the security findings of one pipeline, filtered by report type, severity, scanner or state',
    also: ['GET /projects/{project_id}'],
    graphql: {
      kind: 'query',
      connection: true,
      resultPath: 'project.pipeline.securityReportFindings',
      document: `query securityReportFindings($fullPath: ID!, $iid: ID!, $reportType: [String!], $severity: [String!],
  $scanner: [String!], $state: [VulnerabilityState!], $first: Int, $after: String) {
  project(fullPath: $fullPath) {
    pipeline(iid: $iid) {
      securityReportFindings(reportType: $reportType, severity: $severity, scanner: $scanner, state: $state,
        first: $first, after: $after) {
        nodes {
          uuid
          title
          severity
          state
          reportType
          description
          solution
          falsePositive
          scanner { name vendor }
          identifiers { name externalType externalId url }
          location {
            ... on VulnerabilityLocationSast { file startLine endLine blobPath }
            ... on VulnerabilityLocationSecretDetection { file startLine endLine blobPath }
            ... on VulnerabilityLocationDependencyScanning { file blobPath }
            ... on VulnerabilityLocationContainerScanning { image operatingSystem }
            ... on VulnerabilityLocationDast { path }
          }
          vulnerability { id state webUrl }
        }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
}`,
      variables: (p) => ({
        fullPath: p.project_id,
        iid: String(p.pipeline_iid),
        reportType: p.report_type,
        severity: p.severity,
        scanner: p.scanner,
        state: p.state,
        first: p.first,
        after: p.after,
      }),
    },
    params: {
      project_id: projectPath(),
      pipeline_iid: req(int('Internal ID (IID) of the pipeline within the project')),
      report_type: strList('Report types, lowercase: sast, dependency_scanning, container_scanning, dast, secret_detection, api_fuzzing, coverage_fuzzing'),
      severity: strList('Severities, lowercase: critical, high, medium, low, info, unknown'),
      scanner: strList('Scanner external IDs (e.g. semgrep, gemnasium)'),
      state: strList('States: DETECTED, CONFIRMED, RESOLVED, DISMISSED (default: DETECTED only)'),
      ...cursor(),
    },
    tier: 'ultimate',
    fineGrained: { withheld: 'type', name: 'PipelineSecurityReportFinding' },
    keywords: 'CI pipeline security scan results findings MR merge request PR introduced vulnerabilities SAST dast dependency-scanning flagged',
    examples: [
      'what did SAST flag in pipeline 812 of acme/shop?',
      'show critical and high scanner findings from the MR pipeline 455 in acme/api',
      'any secret detection findings in pipeline 1290 for platform/auth?',
      'list security findings of pipeline 3301 in acme/payments, dismissed ones included',
      'what did the gemnasium scanner flag in CI run 902 of platform/mobile?',
    ],
  },
});
