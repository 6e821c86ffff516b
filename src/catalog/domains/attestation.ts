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
    examples: [
      'list SLSA provenance attestations for sha256 digest 9f86d081884c7d65 in acme/shop',
      'is there build provenance for the artifact with digest e3b0c44298fc1c14 in platform/cli?',
    ],
  },
  download: {
    summary: 'Download an attestation bundle (Sigstore JSON), optionally to a local file',
    rest: 'GET /projects/{project_id}/attestations/{attestation_iid}/download',
    download: true,
    params: {
      project_id: id.project(),
      attestation_iid: id.int('Internal ID (IID) of the attestation within the project'),
      output_path: str('Local path to save the bundle to (default: show it)', { in: 'local', local: 'write-file' }),
    },
    tier: 'ultimate',
    fineGrained: ['read_attestation'],
    keywords: 'SLSA provenance sigstore bundle download verify',
    examples: [
      'download attestation bundle 3 of acme/shop to ./provenance.sigstore.json',
      'save the provenance bundle of attestation 12 in platform/cli so I can verify it with cosign',
    ],
  },
});
