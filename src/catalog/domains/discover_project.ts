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
    omitted: {
      statistics: 'resolving a path needs only identity, branch and URLs; project.get offers the storage statistics',
      license: 'resolving a path needs only identity, branch and URLs; project.get offers the license',
      with_custom_attributes: 'custom attributes are administrator metadata, not part of resolving a path; project.get offers them',
      custom_attributes: 'custom attributes are administrator metadata, not part of resolving a path; project.get offers them',
    },
    fineGrained: ['read_project'],
    keywords: 'git remote origin url clone which project current repository find project id lookup namespace cwd local-checkout',
    examples: [
      'what is the project ID of git@gitlab.example.com:acme/shop.git?',
      'which GitLab project is my origin remote https://gitlab.example.com/platform/api.git?',
      'look up the numeric id and default branch for acme/web/storefront',
      'resolve platform/mobile/ios to a project id',
      'what is the default branch of the repo behind git@gitlab.example.com:acme/payments.git?',
    ],
  },
});
