import { domain, str, bool, req } from '../define.js';
import { gid } from '../graphql.js';

const groupId = () => req(str('ID of the top-level group (or its global ID)'));

const CATEGORY_FIELDS = `id
      name
      description
      multipleSelection
      editableState
      templateType
      securityAttributes { id name color }`;

export default domain('security_category', 'Security attribute categories of a top-level group (e.g. business impact, application): create, edit, delete', {
  create: {
    summary: 'Create a security attribute category in a top-level group',
    graphql: {
      kind: 'mutation',
      resultPath: 'securityCategoryCreate',
      document: `mutation securityCategoryCreate($namespaceId: NamespaceID!, $name: String!, $description: String, $multipleSelection: Boolean) {
  securityCategoryCreate(input: { namespaceId: $namespaceId, name: $name, description: $description, multipleSelection: $multipleSelection }) {
    securityCategory {
      ${CATEGORY_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({ namespaceId: gid('Group', p.namespace_id), name: p.name, description: p.description, multipleSelection: p.multiple_selection }),
    },
    params: {
      namespace_id: groupId(),
      name: req(str('Name of the category')),
      description: str('Description of the category'),
      multiple_selection: bool('Let a project carry several attributes of this category'),
    },
    tier: 'ultimate',
    fineGrained: { withheld: 'answer', name: 'SecurityCategory' },
    keywords: 'new security attribute category classification add taxonomy dimension define',
    examples: [
      'create a security category "Business impact" in group acme',
      'add a new security attribute category Exposure with multiple selection in top-level group platform',
      'create security category "Data classification" in group payments',
      'new classification bucket Application in top-level group 42, one value per project',
      'add a security category Owner team with multiple selection in acme',
    ],
  },
  update: {
    summary: 'Edit a security attribute category: name, description',
    graphql: {
      kind: 'mutation',
      resultPath: 'securityCategoryUpdate',
      document: `mutation securityCategoryUpdate($namespaceId: NamespaceID!, $id: SecurityCategoryID!, $name: String, $description: String) {
  securityCategoryUpdate(input: { namespaceId: $namespaceId, id: $id, name: $name, description: $description }) {
    securityCategory {
      ${CATEGORY_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({
        namespaceId: gid('Group', p.namespace_id),
        id: gid('Security::Category', p.security_category_id),
        name: p.name,
        description: p.description,
      }),
    },
    params: {
      namespace_id: groupId(),
      security_category_id: req(str('Category ID or global ID')),
      name: str('New name'),
      description: str('New description'),
    },
    tier: 'ultimate',
    fineGrained: { withheld: 'answer', name: 'SecurityCategory' },
    keywords: 'edit rename security attribute category taxonomy retitle dimension',
    examples: [
      'rename security category 14 in acme to Data sensitivity',
      'change the description of the Exposure security category in group platform',
      'update security category 14 in acme: description "How exposed the app is"',
      'rename classification bucket 9 in group 42 to Criticality',
      'change the name of security category gid://gitlab/Security::Category/21 in platform',
    ],
  },
  delete: {
    summary: 'Delete a security attribute category and all of its attributes',
    graphql: {
      kind: 'mutation',
      resultPath: 'securityCategoryDestroy',
      document: `mutation securityCategoryDestroy($id: SecurityCategoryID!) {
  securityCategoryDestroy(input: { id: $id }) {
    deletedCategoryGid
    deletedAttributesGid
    errors
  }
}`,
      variables: (p) => ({ id: gid('Security::Category', p.security_category_id) }),
    },
    params: { security_category_id: req(str('Category ID or global ID (gid://gitlab/Security::Category/<n>)')) },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['delete_security_attribute'],
    keywords: 'remove security attribute category nuke drop taxonomy retire',
    examples: [
      'delete the Business impact security category in acme with all its attributes',
      'remove security category gid://gitlab/Security::Category/9',
      'delete security category 9 and its attributes',
      'get rid of classification bucket 21 and the attributes in it',
      'remove the Application security category (id 17) from acme',
    ],
  },
});
