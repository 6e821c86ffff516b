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
