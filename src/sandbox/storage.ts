// The "object storage" origin: pre-signed URLs for job artifacts and package files. No credential is read here.
import { createHash } from 'node:crypto';
import type { JobRec, SandboxState } from './state.js';
import type { Query, Reply } from './types.js';
import { decodeSeg } from './util.js';

const signature = (path: string): string => createHash('sha256').update(`sandbox-storage:${path}`).digest('hex');

/** A pre-signed URL on the storage origin, like the platform's object-storage redirects. */
export function presign(state: SandboxState, path: string): string {
  const q = new URLSearchParams({
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256', 'X-Amz-Credential': 'sandbox/20260302/us-east-1/s3/aws4_request', 'X-Amz-Date': '20260302T090000Z',
    'X-Amz-Expires': '600', 'X-Amz-SignedHeaders': 'host', 'X-Amz-Signature': signature(path),
  });
  return `${state.storageUrl}${path.split('/').map((s) => encodeURIComponent(s)).join('/')}?${q.toString()}`;
}

function s3Error(status: number, code: string, msg: string): Reply {
  return {
    status, contentType: 'application/xml',
    text: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${msg}</Message><RequestId>sandbox</RequestId></Error>\n`,
  };
}

/** Files inside a job's artifacts archive. */
export function artifactFiles(job: JobRec): Map<string, string> {
  if (job.name === 'unit-tests') {
    return new Map([
      ['junit.xml', '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="vitest" tests="42" failures="0" errors="0" time="3.91">\n  <testsuite name="test/session.test.ts" tests="42" failures="0" time="3.91"/>\n</testsuites>\n'],
      ['coverage/coverage-summary.json', '{"total":{"lines":{"total":200,"covered":175,"pct":87.5}}}\n'],
    ]);
  }
  return new Map([
    ['dist/index.js', "import { createServer } from 'node:http';\nimport { login } from './auth/login.js';\n"],
    ['dist/auth/login.js', 'export async function login(req, res) { res.writeHead(200).end(); }\n'],
  ]);
}

let crcTable: Uint32Array | undefined;
function crc32(buf: Buffer): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of buf) crc = crcTable[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real (stored, uncompressed) zip archive of the given files. */
export function zip(files: Map<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const nameBuf = Buffer.from(name);
    const data = Buffer.from(content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(0, 6); local.writeUInt16LE(0, 8);
    local.writeUInt16LE(0, 10); local.writeUInt16LE(0x5c21, 12); local.writeUInt32LE(crc, 14); local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22); local.writeUInt16LE(nameBuf.length, 26); local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(0, 8);
    central.writeUInt16LE(0, 10); central.writeUInt16LE(0, 12); central.writeUInt16LE(0x5c21, 14); central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20); central.writeUInt32LE(data.length, 24); central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(files.size, 8); end.writeUInt16LE(files.size, 10);
  end.writeUInt32LE(cd.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A job log of about two hundred lines, with the runner's ANSI colours and section markers. */
export function traceText(state: SandboxState, job: JobRec): string {
  if (job.status === 'created' || job.status === 'pending' || job.status === 'manual' || job.erased) return '';
  const p = state.projects.get(job.projectId);
  const pl = p?.pipelines.get(job.pipelineId);
  const ts = 1767603600 + job.id;
  const L: string[] = [
    '\u001b[0KRunning with gitlab-runner 17.9.1 (c4e2a0d1)\u001b[0;m',
    '\u001b[0K  on sandbox-runner-1 t3_Xk2Pq9, system ID: s_5c1d2e3f4a5b\u001b[0;m',
    `section_start:${ts}:prepare_executor\r\u001b[0K\u001b[0K\u001b[36;1mPreparing the "docker" executor\u001b[0;m\u001b[0;m`,
    '\u001b[0KUsing Docker executor with image node:20 ...\u001b[0;m',
    '\u001b[0KPulling docker image node:20 ...\u001b[0;m',
    '\u001b[0KUsing docker image sha256:3f1c0e2d for node:20 with digest node@sha256:9a8b7c6d ...\u001b[0;m',
    `section_end:${ts + 4}:prepare_executor\r\u001b[0K`,
    `section_start:${ts + 4}:get_sources\r\u001b[0K\u001b[0K\u001b[36;1mGetting source from Git repository\u001b[0;m\u001b[0;m`,
    '\u001b[32;1mFetching changes with git depth set to 20...\u001b[0;m',
    `Initialized empty Git repository in /builds/${p ? state.projectFullPath(p) : 'project'}/.git/`,
    `\u001b[32;1mCreated fresh repository.\u001b[0;m`,
    `\u001b[32;1mChecking out ${(pl?.sha ?? '0'.repeat(40)).slice(0, 8)} as detached HEAD (ref is ${job.ref})...\u001b[0;m`,
    '',
    '\u001b[32;1mSkipping Git submodules setup\u001b[0;m',
    `section_end:${ts + 6}:get_sources\r\u001b[0K`,
    `section_start:${ts + 6}:step_script\r\u001b[0K\u001b[0K\u001b[36;1mExecuting "step_script" stage of the job script\u001b[0;m\u001b[0;m`,
    '\u001b[32;1m$ npm ci\u001b[0;m',
  ];
  for (let i = 0; i < 12; i++) L.push(`npm warn deprecated package-${i}@1.${i}.0: this version is no longer supported`);
  L.push('', 'added 412 packages, and audited 413 packages in 9s', '', '87 packages are looking for funding', '  run `npm fund` for details', '', 'found 0 vulnerabilities');
  const failed = job.status === 'failed';
  if (job.name === 'compile' || job.name === 'build') {
    L.push('\u001b[32;1m$ npm run build\u001b[0;m', '', '> demo-project@1.1.0 build', '> tsc', '');
    for (let i = 0; i < 140; i++) L.push(`[tsc] compiled src/module-${String(i).padStart(3, '0')}.ts -> dist/module-${String(i).padStart(3, '0')}.js (${(i * 37) % 900 + 100} bytes)`);
  } else if (job.name === 'lint') {
    L.push('\u001b[32;1m$ npm run lint\u001b[0;m', '', '> demo-project@1.1.0 lint', '> eslint .', '');
    for (let i = 0; i < 140; i++) L.push(`[eslint] checked src/module-${String(i).padStart(3, '0')}.ts: 0 problems`);
  } else if (job.name === 'deploy-production') {
    L.push('\u001b[32;1m$ ./deploy.sh production\u001b[0;m');
    for (let i = 0; i < 140; i++) L.push(`deploy: uploading chunk ${i + 1}/140 to production (${(i * 13) % 97 + 3} KiB)`);
  } else {
    L.push('\u001b[32;1m$ npm test -- --coverage\u001b[0;m', '', '> demo-project@1.1.0 test', '> vitest run --coverage', '', ' RUN  v3.2.4 /builds/demo', '');
    for (let i = 0; i < 130; i++) L.push(` \u001b[32m✓\u001b[39m test/unit/case-${String(i).padStart(3, '0')}.test.ts > behaves as documented (${(i * 7) % 40 + 1} ms)`);
    if (failed) {
      L.push(' \u001b[31m×\u001b[39m test/login.test.ts > login > accepts a unicode password 12ms', '', '\u001b[31mFAIL\u001b[39m  test/login.test.ts > login > accepts a unicode password',
        'AssertionError: expected false to be true // Object.is equality', '', '- Expected', '+ Received', '', '- true', '+ false', '',
        ' ❯ test/login.test.ts:6:55', '', ' Test Files  1 failed | 130 passed (131)', '      Tests  1 failed | 130 passed (131)');
    } else if (job.status !== 'running') {
      L.push('', ' Test Files  131 passed (131)', '      Tests  131 passed (131)', '', ' % Coverage report from v8', 'All files          |   87.5 |    81.2 |   90.1 |   87.5 |');
    }
  }
  if (job.status === 'running') return `${L.join('\n')}\n`;
  L.push(`section_end:${ts + 90}:step_script\r\u001b[0K`);
  if (job.artifacts && !failed) {
    L.push(`section_start:${ts + 90}:upload_artifacts_on_success\r\u001b[0K\u001b[0K\u001b[36;1mUploading artifacts for successful job\u001b[0;m\u001b[0;m`,
      '\u001b[32;1mUploading artifacts...\u001b[0;m', 'dist/: found 12 matching artifact files and directories\u001b[0;m',
      `Uploading artifacts as "archive" to coordinator... 201 Created\u001b[0;m  id\u001b[0;m=${job.id} responseStatus\u001b[0;m=201 Created`,
      `section_end:${ts + 92}:upload_artifacts_on_success\r\u001b[0K`);
  }
  L.push(`section_start:${ts + 92}:cleanup_file_variables\r\u001b[0K\u001b[0K\u001b[36;1mCleaning up project directory and file based variables\u001b[0;m\u001b[0;m`, `section_end:${ts + 93}:cleanup_file_variables\r\u001b[0K`, '');
  L.push(failed ? '\u001b[31;1mERROR: Job failed: exit code 1\n\u001b[0;m' : job.status === 'canceled' ? '\u001b[31;1mERROR: Job failed: canceled\u001b[0;m' : '\u001b[32;1mJob succeeded\u001b[0;m');
  return `${L.join('\n')}\n`;
}

/** Answers a request on the storage origin. */
export function handleStorage(state: SandboxState, method: string, rawPath: string, query: Query): Reply {
  if (method !== 'GET' && method !== 'HEAD') return s3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  const path = rawPath.split('/').map(decodeSeg).join('/');
  if (query['X-Amz-Signature'] !== signature(path)) return s3Error(403, 'AccessDenied', 'Request has expired or the signature does not match');
  let m = /^\/artifacts\/(\d+)\/artifacts\.zip$/.exec(path);
  if (m) {
    const job = state.jobs.get(Number(m[1]));
    if (!job || !job.artifacts || job.erased) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    return { status: 200, text: zip(artifactFiles(job)), contentType: 'application/zip', headers: { 'content-disposition': 'attachment; filename="artifacts.zip"' } };
  }
  m = /^\/artifacts\/(\d+)\/files\/(.+)$/.exec(path);
  if (m) {
    const job = state.jobs.get(Number(m[1]));
    const content = job && job.artifacts && !job.erased ? artifactFiles(job).get(m[2]) : undefined;
    if (content === undefined) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    return { status: 200, text: content, contentType: 'application/octet-stream' };
  }
  m = /^\/packages\/(\d+)\/(.+)$/.exec(path);
  if (m) {
    const f = state.projects.get(Number(m[1]))?.packages.get(m[2]);
    if (!f) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    return { status: 200, text: f.content, contentType: 'application/octet-stream', headers: { 'content-disposition': `attachment; filename="${f.fileName}"` } };
  }
  return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
}
