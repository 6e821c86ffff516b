// The avatar GitLab answers for an email without an uploaded image: the Gravatar address, computed, never fetched.
import { createHash } from 'node:crypto';

/** GitLab's Gravatar URL: MD5 of the trimmed, lower-cased email; the size doubled for high-density screens (40 by default). */
export function gravatarUrl(email: string, size?: number): string {
  const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  const px = (size !== undefined && size > 0 ? size : 40) * 2;
  return `https://www.gravatar.com/avatar/${hash}?s=${px}&d=identicon`;
}
