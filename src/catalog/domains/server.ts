import { domain } from '../define.js';

export default domain('server', 'This MCP server and the platform instance it talks to: status and connectivity', {
  status: {
    summary: 'Show the instance version and edition and the authenticated user',
    rest: 'GET /metadata',
    also: ['GET /user'],
    params: {},
    fineGrained: ['read_metadata'],
    keywords: 'version whoami connection instance info about me current-user account logged-in identity',
    examples: [
      'which GitLab version is this instance running?',
      'who am I logged in as on GitLab?',
      'what GitLab version and edition am I connected to, and as which user?',
      'server status: version, edition and my username',
      'is this GitLab EE or CE, and which version number?',
    ],
  },
  health_check: {
    summary: 'Check that the instance is reachable and the token is accepted',
    rest: 'GET /metadata',
    also: ['GET /user'],
    params: {},
    fineGrained: ['read_metadata'],
    keywords: 'ping health connectivity token valid alive up online test auth-check working',
    examples: [
      'is GitLab reachable and is my token still valid?',
      'ping the gitlab server to check connectivity',
      'health check the GitLab connection',
      'can you reach gitlab.example.com with the token I configured?',
      'is the server up and my access token accepted?',
    ],
  },
});
