import { domain, id } from '../define.js';

export default domain('discover_project', 'Find out which project a path or git remote points at: its ID, default branch and URLs', {
  resolve: {
    summary: 'Resolve a project path (e.g. taken from a git remote URL) to its ID, default branch and URLs',
    rest: 'GET /projects/{project_id}',
    params: {
      project_id: {
        ...id.project(),
        description: 'Project full path as in the git remote (group/subgroup/project, without .git) or ID',
      },
    },
    fineGrained: ['read_project'],
    keywords: 'git remote origin url clone which project current repository find project id lookup',
  },
});
