import { domain } from '../define.js';

export default domain('server', 'This MCP server and the platform instance it talks to: status and connectivity', {
  status: {
    summary: 'Show the instance version and edition and the authenticated user',
    rest: 'GET /metadata',
    also: ['GET /user'],
    params: {},
    fineGrained: ['read_metadata'],
    keywords: 'version whoami connection instance info',
  },
  health_check: {
    summary: 'Check that the instance is reachable and the token is accepted',
    rest: 'GET /metadata',
    also: ['GET /user'],
    params: {},
    fineGrained: ['read_metadata'],
    keywords: 'ping health connectivity token valid',
  },
});
