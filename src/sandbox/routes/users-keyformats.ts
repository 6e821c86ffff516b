// Honest parsing of the public keys users add: OpenSSH public keys (checked by node:crypto, fingerprints computed
// as ssh-keygen does) and ASCII-armored OpenPGP public keys (packets read, v4 fingerprint computed).
import { createHash, createPublicKey } from 'node:crypto';

export interface SshKey { type: string; blob: Buffer; md5: string; sha256: string }

/** The key types GitLab accepts by default (DSA keys are forbidden). */
const SSH_TYPES = new Set([
  'ssh-rsa', 'ssh-ed25519', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'sk-ecdsa-sha2-nistp256@openssh.com', 'sk-ssh-ed25519@openssh.com',
]);
const CURVES: Record<string, string> = { nistp256: 'P-256', nistp384: 'P-384', nistp521: 'P-521' };

/** Reads the length-prefixed strings of an SSH wire blob; undefined when malformed. */
function sshStrings(blob: Buffer): Buffer[] | undefined {
  const out: Buffer[] = [];
  let at = 0;
  while (at < blob.length) {
    if (at + 4 > blob.length) return undefined;
    const len = blob.readUInt32BE(at);
    if (at + 4 + len > blob.length) return undefined;
    out.push(blob.subarray(at + 4, at + 4 + len));
    at += 4 + len;
  }
  return out;
}

const b64url = (b: Buffer): string => b.toString('base64url');
const unsigned = (b: Buffer): Buffer => (b.length > 1 && b[0] === 0 ? b.subarray(1) : b);

/** Whether node:crypto accepts the key material of the blob. */
function validMaterial(type: string, parts: Buffer[]): boolean {
  try {
    if (type === 'ssh-rsa' && parts.length === 3) {
      createPublicKey({ key: { kty: 'RSA', e: b64url(unsigned(parts[1])), n: b64url(unsigned(parts[2])) }, format: 'jwk' });
      return true;
    }
    if (type === 'ssh-ed25519' || type === 'sk-ssh-ed25519@openssh.com') {
      if (parts.length !== (type === 'ssh-ed25519' ? 2 : 3) || parts[1].length !== 32) return false;
      createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: b64url(parts[1]) }, format: 'jwk' });
      return true;
    }
    const curve = type.startsWith('sk-') ? 'nistp256' : type.slice('ecdsa-sha2-'.length);
    if (parts.length !== (type.startsWith('sk-') ? 4 : 3) || parts[1].toString() !== curve) return false;
    const point = parts[2];
    const size = (point.length - 1) / 2;
    if (point[0] !== 4 || !Number.isInteger(size)) return false;
    createPublicKey({ key: { kty: 'EC', crv: CURVES[curve], x: b64url(point.subarray(1, 1 + size)), y: b64url(point.subarray(1 + size)) }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

/** An OpenSSH public key line (`type base64 [comment]`); undefined when it is not one. */
export function parseSshKey(line: string): SshKey | undefined {
  const [type, data, ...rest] = line.trim().split(/\s+/);
  void rest;
  if (!type || !data || !SSH_TYPES.has(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return undefined;
  const blob = Buffer.from(data, 'base64');
  const parts = sshStrings(blob);
  if (!parts || parts[0]?.toString() !== type || !validMaterial(type, parts)) return undefined;
  const md5 = createHash('md5').update(blob).digest('hex').match(/../g)!.join(':');
  const sha256 = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  return { type, blob, md5, sha256 };
}

const ARMOR = /^-----BEGIN PGP PUBLIC KEY BLOCK-----\r?\n([\s\S]*?)\r?\n-----END PGP PUBLIC KEY BLOCK-----\s*$/;

/** The OpenPGP CRC-24 of the armor checksum line. */
function crc24(data: Buffer): number {
  let crc = 0xb704ce;
  for (const byte of data) {
    crc ^= byte << 16;
    for (let i = 0; i < 8; i++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= 0x1864cfb;
    }
  }
  return crc & 0xffffff;
}

/** Whether the text has GitLab's armor frame (its `key` format validation). */
export const armored = (text: string): boolean => ARMOR.test(text.trim());

/** The v4 fingerprint (40 hex, upper case) of the primary key of an armored public key; undefined when it cannot be read. */
export function gpgFingerprint(text: string): string | undefined {
  const m = ARMOR.exec(text.trim());
  if (!m) return undefined;
  const lines = m[1].split(/\r?\n/);
  const blank = lines.findIndex((l) => l.trim() === '');
  const body = (blank >= 0 && lines.slice(0, blank).every((l) => /^[\w-]+: /.test(l)) ? lines.slice(blank + 1) : lines).map((l) => l.trim()).filter(Boolean);
  const checksum = body[body.length - 1]?.startsWith('=') ? body.pop()!.slice(1) : undefined;
  const b64 = body.join('');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return undefined;
  const data = Buffer.from(b64, 'base64');
  if (checksum !== undefined && Buffer.from(checksum, 'base64').readUIntBE(0, 3) !== crc24(data)) return undefined;
  // The first packet is the primary public key (tag 6).
  if (data.length < 2 || !(data[0] & 0x80)) return undefined;
  let tag: number; let len: number; let at: number;
  if (data[0] & 0x40) {
    tag = data[0] & 0x3f;
    const l0 = data[1];
    if (l0 < 192) { len = l0; at = 2; } else if (l0 < 224) { len = ((l0 - 192) << 8) + data[2] + 192; at = 3; } else if (l0 === 255) { len = data.readUInt32BE(2); at = 6; } else return undefined;
  } else {
    tag = (data[0] >> 2) & 0x0f;
    const kind = data[0] & 3;
    if (kind === 0) { len = data[1]; at = 2; } else if (kind === 1) { len = data.readUInt16BE(1); at = 3; } else if (kind === 2) { len = data.readUInt32BE(1); at = 5; } else return undefined;
  }
  const packet = data.subarray(at, at + len);
  if (tag !== 6 || packet.length !== len || packet[0] !== 4 || len < 10) return undefined;
  const head = Buffer.from([0x99, len >> 8, len & 0xff]);
  return createHash('sha1').update(head).update(packet).digest('hex').toUpperCase();
}
