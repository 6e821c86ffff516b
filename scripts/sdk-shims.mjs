// The MCP SDK picks its runtime shims through the `@modelcontextprotocol/server/_shims` conditional
// export: on Node they pair `process` with the ajv validator (289 KB of the start's code, compiled and
// built at every start) as the default `jsonSchemaValidator`. The server passes its own validator
// (src/server/mcp.ts: the SDK's cf-worker one), so the bundle resolves that export to the same two
// names with the SDK's smaller validator, and ajv is left out. No SDK file is changed: a new name in
// the SDK's shims fails the build ("No matching export"), never the run.
const SHIMS = /^@modelcontextprotocol\/server\/_shims$/;

export const sdkShims = {
  name: 'forge-sdk-shims',
  setup(build) {
    build.onResolve({ filter: SHIMS }, () => ({ path: 'node-shims', namespace: 'forge-sdk-shims' }));
    build.onLoad({ filter: /.*/, namespace: 'forge-sdk-shims' }, () => ({
      contents: [
        "export { default as process } from 'node:process';",
        "export { CfWorkerJsonSchemaValidator as DefaultJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';",
      ].join('\n'),
      resolveDir: process.cwd(),
      loader: 'js',
    }));
  },
};
