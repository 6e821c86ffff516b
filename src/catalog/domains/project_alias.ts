import { domain, id, req, str, paging } from '../define.js';

// Project aliases (administrators, Premium): short names for cloning, e.g. git clone git@host:gitlab.git.

const aliasName = () => id.str('Name of the project alias');

export default domain('project_alias', 'Project aliases for short clone URLs (administrators, Premium): list, read, create, delete', {
  list: {
    summary: 'List all project aliases of the instance',
    rest: 'GET /project_aliases',
    params: { ...paging() },
    tier: 'premium',
    fineGrained: ['read_alias'],
    keywords: 'project alias short name clone URL shortcuts vanity nickname',
    examples: [
      'list all project aliases on this instance',
      'what short clone names exist for projects?',
      'list project aliases',
      'as admin, which short git clone names are set up?',
      'show every alias configured for repos on the instance',
    ],
  },
  get: {
    summary: 'Get one project alias by name and the project it points to',
    rest: 'GET /project_aliases/{name}',
    params: { name: aliasName() },
    tier: 'premium',
    fineGrained: ['read_alias'],
    keywords: 'project alias lookup short clone name resolve target shortcut vanity',
    examples: [
      'which project does the alias gitlab point to?',
      'show project alias shop',
      'get project alias api',
      'where does git@host:docs.git lead to?',
      'what project is behind the alias frontend?',
    ],
  },
  create: {
    summary: 'Create a project alias so the project can be cloned by a short name',
    rest: 'POST /project_aliases',
    params: {
      project_id: id.project(),
      name: req(str('Alias name (used as git@host:<name>.git)')),
    },
    tier: 'premium',
    fineGrained: ['create_alias'],
    keywords: 'add project alias short clone name new shortcut vanity nickname',
    examples: [
      'create alias shop for acme/web/storefront so people can clone git@host:shop.git',
      'add a short clone name api for project 321',
      'create a project alias docs for platform/handbook',
      'let people clone acme/payments as git@host:pay.git',
      'add alias mobile pointing at project 812',
    ],
  },
  delete: {
    summary: 'Delete a project alias (the project itself is kept)',
    rest: 'DELETE /project_aliases/{name}',
    params: { name: aliasName() },
    destructive: true,
    tier: 'premium',
    fineGrained: ['delete_alias'],
    keywords: 'remove project alias shortcut vanity nickname drop',
    examples: [
      'delete project alias oldshop',
      'remove the api alias but keep the project',
      'delete the project alias docs',
      'get rid of the short clone name pay',
      'remove alias legacy-mobile, the project stays',
    ],
  },
}, { adminMode: true });
