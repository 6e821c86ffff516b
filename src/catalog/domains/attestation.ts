import { domain, id, str } from '../define.js';

export default domain('attestation', 'Build provenance attestations (SLSA, Sigstore) of a project\'s artifacts: list by digest, download', {
  list: {
    summary: 'List the build attestations of an artifact, found by its SHA-256 subject digest',
    rest: 'GET /projects/{project_id}/attestations/{subject_digest}',
    params: {
      project_id: id.project(),
      subject_digest: id.str('SHA-256 digest of the artifact (hex, without the sha256: prefix)'),
    },
    tier: 'ultimate',
    fineGrained: ['read_attestation'],
    keywords: 'SLSA provenance sigstore supply chain signature build artifact',
  },
  download: {
    summary: 'Download an attestation bundle (Sigstore JSON), optionally to a local file',
    rest: 'GET /projects/{project_id}/attestations/{attestation_iid}/download',
    download: true,
    params: {
      project_id: id.project(),
      attestation_iid: id.int('Internal ID (IID) of the attestation within the project'),
      output_path: str('Local path to save the bundle to (default: show it)', { in: 'local' }),
    },
    tier: 'ultimate',
    fineGrained: ['read_attestation'],
    keywords: 'SLSA provenance sigstore bundle download verify',
  },
});
