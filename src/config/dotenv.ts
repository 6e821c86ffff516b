// A small dotenv reader: KEY=VALUE lines, `export ` prefix, # comments, single and double quotes.
// Malformed lines are reported by number only (a line may hold a secret).

export interface DotenvResult {
  values: Record<string, string>;
  /** 1-based numbers of lines that are neither blank, a comment, nor KEY=VALUE. */
  badLines: number[];
}

const KEY = /^[A-Za-z_][A-Za-z0-9_.]*$/;

function unescapeDouble(s: string): string {
  return s.replace(/\\([nrt"\\$])/g, (_m, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : c === 't' ? '\t' : c));
}

export function parseDotenv(text: string): DotenvResult {
  const values: Record<string, string> = {};
  const badLines: number[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    let line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    if (/^export\s+/.test(line)) line = line.replace(/^export\s+/, '');
    const eq = line.indexOf('=');
    if (eq <= 0) { badLines.push(lineNo); continue; }
    const key = line.slice(0, eq).trim();
    if (!KEY.test(key)) { badLines.push(lineNo); continue; }
    let rest = line.slice(eq + 1).replace(/^[ \t]+/, '');
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      // A quoted value may run over several lines until its closing quote.
      let body = rest.slice(1);
      let end = findClosing(body, quote);
      let j = i;
      while (end < 0 && j + 1 < lines.length) {
        j++;
        body += '\n' + lines[j];
        end = findClosing(body, quote);
      }
      if (end < 0) { badLines.push(lineNo); continue; }
      const after = body.slice(end + 1).trim();
      if (after !== '' && !after.startsWith('#')) { badLines.push(lineNo); i = j; continue; }
      const raw = body.slice(0, end);
      values[key] = quote === '"' ? unescapeDouble(raw) : raw;
      i = j;
      continue;
    }
    // Unquoted: an inline comment starts at a '#' preceded by whitespace.
    const hash = rest.search(/\s#/);
    if (hash >= 0) rest = rest.slice(0, hash);
    values[key] = rest.trim();
  }
  return { values, badLines };
}

function findClosing(body: string, quote: string): number {
  for (let k = 0; k < body.length; k++) {
    if (quote === '"' && body[k] === '\\') { k++; continue; }
    if (body[k] === quote) return k;
  }
  return -1;
}
