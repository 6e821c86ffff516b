// The sandbox alone, as a GitLab instance on loopback that several servers share (scripts/cluster-demo.sh
// points every replica at it with --forge-url, so an issue created through one is read through all).
// Prints two lines on stdout, the instance URL and the demo token, then serves until SIGINT/SIGTERM.
// Needs the build (dist/): npm run build.
import { startSandbox, SANDBOX_TOKEN } from '../dist/sandbox/index.js';

const sandbox = await startSandbox();
process.stdout.write(`${sandbox.url}\n${SANDBOX_TOKEN}\n`);
// Nothing reads the request log here: keep it from growing for as long as the demo runs.
const trim = setInterval(() => sandbox.clearLog(), 60_000);
const stop = () => { clearInterval(trim); void sandbox.close().then(() => process.exit(0)); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
