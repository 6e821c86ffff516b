import { domain, id, int, str, bool, oneOf, strList, paging } from '../define.js';

const exportId = () => id.int('Dependency list export ID (from dependency.export_create)');

const PACKAGE_MANAGERS = [
  'bundler', 'composer', 'conan', 'go', 'gradle', 'maven', 'npm', 'nuget', 'pip', 'pipenv', 'pnpm', 'yarn', 'sbt', 'setuptools',
] as const;

export default domain('dependency', 'Dependencies (software bill of materials) of projects and pipelines: list, export as SBOM, download', {
  list: {
    summary: 'List the dependencies detected in a project (name, version, package manager, vulnerabilities)',
    rest: 'GET /projects/{project_id}/dependencies',
    params: {
      project_id: id.project(),
      package_manager: strList(`Return dependencies of these package managers (${PACKAGE_MANAGERS.join(', ')})`),
      ...paging(),
    },
    tier: 'ultimate',
    fineGrained: ['read_dependency'],
    keywords: 'SBOM libraries packages third-party components licenses dependency scanning deps libs modules inventory',
    examples: [
      'what libraries does acme/shop depend on?',
      'list npm dependencies of platform/web with known vulnerabilities',
      'show the bill of materials of acme/api for maven packages',
      'list the pip and pipenv dependencies of acme/payments',
      'which third-party packages ship with platform/mobile?',
    ],
  },
  export_create: {
    summary: 'Start a CycloneDX SBOM export of the dependencies a pipeline detected (poll with dependency.export_get)',
    rest: 'POST /pipelines/{pipeline_id}/dependency_list_exports',
    params: {
      pipeline_id: id.pipeline(),
      export_type: oneOf(['sbom'], 'Export format: sbom (CycloneDX JSON, the pipeline export format)', { default: 'sbom' }),
      send_email: bool('Email the requesting user when the export is ready'),
    },
    tier: 'ultimate',
    fineGrained: ['create_dependency_list_export'],
    nextSteps: ['dependency.export_get', 'dependency.export_download'],
    nextFill: { export_id: 'answer.id' },
    keywords: 'SBOM CycloneDX export dependencies pipeline bill of materials generate async report',
    examples: [
      'generate a CycloneDX SBOM from pipeline 4521',
      'start exporting the dependency list of pipeline 880 as an SBOM and email me when done',
      'export the dependency list of pipeline 9120 as SBOM',
      'kick off a CycloneDX bill of materials for CI run 4410',
      'create an SBOM export for pipeline 77321 and email me',
    ],
  },
  export_get: {
    summary: 'Get a dependency list export, waiting until it has finished (status, download link)',
    rest: 'GET /dependency_list_exports/{export_id}',
    poll: { field: 'has_finished', done: ['true'] },
    params: {
      export_id: exportId(),
      interval_seconds: int('Seconds between status checks (1-60, default 5)', { in: 'local', default: 5, range: [1, 60] }),
      timeout_seconds: int('Maximum seconds to wait (1-600, default 120; never beyond the action deadline)', { in: 'local', default: 120, range: [1, 600] }),
    },
    tier: 'ultimate',
    fineGrained: ['read_dependency_list_export'],
    nextSteps: ['dependency.export_download'],
    nextFill: { export_id: 'params.export_id' },
    keywords: 'SBOM export status ready finished poll progress cyclonedx done',
    examples: [
      'is dependency list export 77 finished yet?',
      'wait for SBOM export 312 and give me its download link',
      'status of dependency export 91',
      'has SBOM 405 finished generating?',
      'check dependency list export 12 until it completes',
    ],
  },
  export_download: {
    summary: 'Download a finished dependency list export (SBOM JSON), optionally to a local file',
    rest: 'GET /dependency_list_exports/{export_id}/download',
    download: true,
    params: {
      export_id: exportId(),
      output_path: str('Local path to save the export to (default: show it)', { in: 'local', local: 'write-file' }),
      overwrite: bool('Replace a file that already exists at output_path; default false, and the user is asked to confirm first', { in: 'local' }),
    },
    tier: 'ultimate',
    fineGrained: ['read_dependency_list_export'],
    keywords: 'SBOM CycloneDX download save file fetch bom retrieve',
    examples: [
      'download SBOM export 77 to ./sbom.json',
      'save the finished CycloneDX export 312 locally',
      'download dependency export 91 as JSON',
      'grab the CycloneDX file of finished SBOM 405 and save it to out/bom.json',
      'save export 12 SBOM to ./reports/sbom-12.json',
    ],
  },
});
