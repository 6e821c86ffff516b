// Defensive scrubbing: whatever text leaves the client or the classifier never carries a secret,
// even if some upstream component echoed one back.

const REDACTED = '[redacted]';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replaces every occurrence of each secret (as written, percent-encoded, and base64-encoded) with
 * `[redacted]`. Secrets shorter than 4 characters are ignored: they would redact ordinary words.
 */
export function redactSecrets(text: string, secrets: ReadonlyArray<string | undefined | null>): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < 4) continue;
    forms.add(secret);
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) forms.add(encoded);
    forms.add(Buffer.from(secret, 'utf8').toString('base64').replace(/=+$/, ''));
  }
  if (forms.size === 0 || !text) return text;
  // Longest first, so a secret containing another is replaced whole.
  const pattern = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
  return text.replace(new RegExp(pattern, 'g'), REDACTED);
}
