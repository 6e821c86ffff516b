import { bool, domain, id, str } from '../define.js';

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
    keywords: 'SLSA provenance sigstore supply chain signature build artifact in-toto cosign signed integrity',
    examples: [
      'list SLSA provenance attestations for sha256 digest 9f86d081884c7d65 in acme/shop',
      'is there build provenance for the artifact with digest e3b0c44298fc1c14 in platform/cli?',
      'list attestations for digest 2c26b46b68ffc68f in acme/payments',
      'do we have SLSA provenance for the image sha256 a665a459 in platform/mobile?',
      'show build provenance records for artifact digest 5994471abb01112a in acme/web',
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
      overwrite: bool('Replace a file that already exists at output_path; default false, and the user is asked to confirm first', { in: 'local' }),
    },
    tier: 'ultimate',
    fineGrained: ['read_attestation'],
    keywords: 'SLSA provenance sigstore bundle download verify cosign in-toto save fetch',
    examples: [
      'download attestation bundle 3 of acme/shop to ./provenance.sigstore.json',
      'save the provenance bundle of attestation 12 in platform/cli so I can verify it with cosign',
      'download attestation 7 of acme/payments',
      'grab sigstore bundle iid 4 from platform/mobile into ./bundle.json',
      'save attestation 21 of acme/web to disk for cosign verify-attestation',
    ],
  },
});
