// The TLS tests make throwaway self-signed certificates with the openssl command. It is a requirement
// of the suite, not an option: .ci/run installs it when missing; elsewhere a missing openssl fails
// those tests with this message instead of skipping them.
import { execFileSync } from 'node:child_process';

export function requireOpenssl(): void {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch (e) {
    throw new Error(`the openssl command is required by the TLS tests and was not found or failed (${(e as Error).message}); install it (Debian: apt-get install -y openssl; .ci/run does this)`);
  }
}
