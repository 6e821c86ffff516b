/** Outputs that carry a secret as written, percent-encoded or base64-encoded (first 200 characters each). */
export function findLeaks(outputs: readonly string[], secrets: Iterable<string>): string[] {
  const hits: string[] = [];
  for (const secret of secrets) {
    const forms = [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')];
    for (const o of outputs) if (forms.some((f) => o.includes(f))) hits.push(`${secret.slice(0, 12)}…: ${o.slice(0, 200)}`);
  }
  return hits;
}
