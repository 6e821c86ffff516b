import { domain, id, str, bool, obj, oneOf, req, type ParamSpec } from '../define.js';

const slug = (): ParamSpec => id.str('Slug of the wiki page (e.g. home or docs/setup); encoded by the server');
const format = (): ParamSpec => oneOf(['markdown', 'rdoc', 'asciidoc', 'org'], 'Markup format of the page (default markdown)');

export default domain('wiki', 'Wiki pages of a project: list, read, create, update, delete, upload attachments', {
  create: {
    summary: 'Create a wiki page',
    rest: 'POST /projects/{project_id}/wikis',
    params: {
      project_id: id.project(),
      title: req(str('Title of the page; a path-like title (a/b) nests it')),
      content: req(str('Content of the page')),
      format: format(),
      front_matter: obj('Front matter of the page, e.g. {"title": "Home"}'),
    },
    fineGrained: ['create_wiki'],
    keywords: 'new wiki page documentation docs write add knowledge-base kb confluence author',
    examples: [
      'create a wiki page "Onboarding" in acme/shop',
      'write a new wiki page docs/deploy in platform/infra with these steps',
      'add a runbook page to the acme/api wiki',
      'create wiki page "Release checklist" in platform/mobile',
      'write up a new page called On-call in the acme/payments knowledge base',
    ],
  },
  delete: {
    summary: 'Delete a wiki page',
    rest: 'DELETE /projects/{project_id}/wikis/{slug}',
    params: { project_id: id.project(), slug: slug() },
    destructive: true,
    fineGrained: ['delete_wiki'],
    keywords: 'remove wiki page erase drop kb docs documentation',
    examples: [
      'delete the wiki page old-roadmap in acme/shop',
      'remove the docs/legacy-setup page from the platform/infra wiki',
      'get rid of the outdated FAQ page in the acme/api wiki',
      'delete wiki page drafts/ideas in platform/mobile',
      'nuke the obsolete migration-notes page in acme/payments',
    ],
  },
  get: {
    summary: 'Read a wiki page by slug, optionally an older version or rendered as HTML',
    rest: 'GET /projects/{project_id}/wikis/{slug}',
    params: {
      project_id: id.project(),
      slug: slug(),
      render_html: bool('Return the content rendered as HTML'),
      version: str('Commit SHA of an older version of the page'),
    },
    notFound: { kind: 'wiki page', idParam: 'slug', listAction: 'wiki.list' },
    fineGrained: ['read_wiki'],
    keywords: 'wiki page documentation docs kb knowledge-base confluence revision history',
    examples: [
      'show the wiki page home of acme/shop',
      'what does the docs/setup wiki page in platform/infra say?',
      'read the older version a1b2c3d of the faq wiki page in acme/api',
      'get the wiki page runbooks/db-failover from acme/payments',
      'open the on-call page of platform/mobile docs rendered as HTML',
    ],
  },
  list: {
    summary: 'List the wiki pages of a project, optionally with their content',
    rest: 'GET /projects/{project_id}/wikis',
    params: { project_id: id.project(), with_content: bool('Include the content of each page') },
    fineGrained: ['read_wiki'],
    keywords: 'wiki pages documentation docs index knowledge-base kb confluence handbook all-pages',
    examples: [
      'list wiki pages of acme/shop',
      'what pages are in the platform/infra wiki?',
      'dump all wiki pages of acme/api with their content',
      'list all wiki pages in platform/mobile',
      'table of contents of the acme/payments docs pages',
    ],
  },
  update: {
    summary: 'Change the title, content or format of a wiki page',
    rest: 'PUT /projects/{project_id}/wikis/{slug}',
    params: {
      project_id: id.project(),
      slug: slug(),
      title: str('New title of the page'),
      content: str('New content of the page'),
      format: format(),
      front_matter: obj('Front matter of the page, e.g. {"title": "Home"}'),
    },
    fineGrained: ['update_wiki'],
    keywords: 'edit wiki page documentation docs modify rewrite retitle kb knowledge-base',
    examples: [
      'update the wiki page home in acme/shop with the new install steps',
      'retitle wiki page docs/setup to "Getting started" in platform/infra',
      'fix the typo in the faq wiki page of acme/api',
      'update wiki page runbooks/db-failover in acme/payments with the new steps',
      'rewrite the on-call page of platform/mobile in asciidoc',
    ],
  },
  upload_attachment: {
    summary: 'Upload a file to the wiki attachments folder and get its Markdown link',
    rest: 'POST /projects/{project_id}/wikis/attachments',
    upload: { as: 'multipart', field: 'file' },
    params: {
      project_id: id.project(),
      file_path: str('Local path of the file to upload, on the machine running this server', { in: 'local', local: 'read-file' }),
      content_base64: str('File content, base64-encoded (instead of file_path)', { in: 'local' }),
      file_name: str('File name to use with content_base64 (default: the base name of file_path)', { in: 'local' }),
      branch: str('Wiki branch to commit the attachment to (default: the wiki default branch)'),
    },
    fineGrained: ['update_wiki'],
    keywords: 'upload image attachment file wiki picture screenshot embed asset media diagram',
    examples: [
      'upload diagram.png to the acme/shop wiki and give me the link',
      'attach architecture.pdf to the platform/infra wiki',
      'upload screenshot.png as a wiki attachment in acme/payments',
      'put flow.svg into the platform/mobile wiki so I can embed it in a page',
      'push ./erd.png into the acme/web docs pages so I can embed it',
    ],
  },
});
