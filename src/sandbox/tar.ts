// ustar, as the sandbox writes it for repository archives and project exports (read back by GNU tar and by the
// sandbox's own import).

/** One 512-byte ustar header; a name over 100 bytes goes to the prefix field, split at a slash. */
export function tarHeader(path: string, size: number, mtime: number, type: '0' | '5' | 'g'): Buffer {
  const h = Buffer.alloc(512);
  let name = path; let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = path.lastIndexOf('/', path.length - 2);
    prefix = path.slice(0, cut); name = path.slice(cut + 1);
  }
  const put = (s: string, at: number, len: number) => h.write(s, at, len, 'utf8');
  const octal = (n: number, len: number) => `${n.toString(8).padStart(len - 1, '0')}\0`;
  put(name, 0, 100);
  put(octal(type === '5' ? 0o775 : 0o664, 8), 100, 8);
  put(octal(0, 8), 108, 8); put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12); put(octal(mtime, 12), 136, 12);
  put('        ', 148, 8);
  put(type, 156, 1);
  put('ustar\0' + '00', 257, 8);
  put('root', 265, 32); put('root', 297, 32);
  put(prefix, 345, 155);
  let sum = 0;
  for (const b of h) sum += b;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return h;
}

export const pad = (n: number): Buffer => Buffer.alloc((512 - (n % 512)) % 512);
