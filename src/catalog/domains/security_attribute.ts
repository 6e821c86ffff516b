import { domain, str, int, oneOf, req, strList, intList } from '../define.js';
import { gid, gids } from '../graphql.js';

const attributeId = () => req(str('Security attribute ID or global ID (gid://gitlab/Security::Attribute/<n>)'));

const ATTRIBUTE_FIELDS = `id
      name
      description
      color
      editableState
      securityCategory { id name }`;

export default domain('security_attribute', 'Security attributes of a top-level group (labels such as business impact or exposure): create, edit, delete, apply to projects', {
  create: {
    summary: 'Create security attributes in a security category of a top-level group',
    graphql: {
      kind: 'mutation',
      resultPath: 'securityAttributeCreate',
      document: `mutation securityAttributeCreate($attributes: [SecurityAttributeInput!]!, $categoryId: SecurityCategoryID!, $namespaceId: NamespaceID!) {
  securityAttributeCreate(input: { attributes: $attributes, categoryId: $categoryId, namespaceId: $namespaceId }) {
    securityAttributes {
      ${ATTRIBUTE_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({
        attributes: p.attributes,
        categoryId: gid('Security::Category', p.category_id),
        namespaceId: gid('Group', p.namespace_id),
      }),
    },
    params: {
      attributes: req(strList('Attributes to create: [{"name":"High","description":"...","color":"#dc143c"}] (all three keys required)', { items: 'object' })),
      category_id: req(str('Category ID or global ID of the category to create the attributes in')),
      namespace_id: req(str('ID (or global ID) of the top-level group the category belongs to')),
    },
    tier: 'ultimate',
    fineGrained: { withheld: 'answer', name: 'SecurityAttribute' },
    keywords: 'new security label tag classification business impact exposure',
    examples: [
      'create security attributes Internet facing and Internal in the Exposure category of acme',
      'add attribute "Tier 1" to security category 14 in group platform',
    ],
  },
  update: {
    summary: 'Edit a security attribute: name, description or color',
    graphql: {
      kind: 'mutation',
      resultPath: 'securityAttributeUpdate',
      document: `mutation securityAttributeUpdate($id: SecurityAttributeID!, $name: String, $description: String, $color: Color) {
  securityAttributeUpdate(input: { id: $id, name: $name, description: $description, color: $color }) {
    securityAttribute {
      ${ATTRIBUTE_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({ id: gid('Security::Attribute', p.security_attribute_id), name: p.name, description: p.description, color: p.color }),
    },
    params: {
      security_attribute_id: attributeId(),
      name: str('New name'),
      description: str('New description'),
      color: str('New color as a hex code (e.g. #1f75cb)'),
    },
    tier: 'ultimate',
    fineGrained: { withheld: 'answer', name: 'SecurityAttribute' },
    keywords: 'edit rename recolor security label',
    examples: [
      'recolor security attribute 31 to #ff0000',
      'rename security attribute Internet facing to Public exposure',
    ],
  },
  delete: {
    summary: 'Delete a security attribute (it is removed from every project carrying it)',
    graphql: {
      kind: 'mutation',
      resultPath: 'securityAttributeDestroy',
      document: `mutation securityAttributeDestroy($id: SecurityAttributeID!) {
  securityAttributeDestroy(input: { id: $id }) {
    deletedAttributeGid
    errors
  }
}`,
      variables: (p) => ({ id: gid('Security::Attribute', p.security_attribute_id) }),
    },
    params: { security_attribute_id: attributeId() },
    destructive: true,
    tier: 'ultimate',
    fineGrained: ['delete_security_attribute'],
    keywords: 'remove security label',
    examples: [
      'delete security attribute 31 from acme',
      'get rid of the Legacy security attribute everywhere',
    ],
  },
  project_update: {
    summary: 'Add or remove security attributes on one project',
    graphql: {
      kind: 'mutation',
      resultPath: 'securityAttributeProjectUpdate',
      document: `mutation securityAttributeProjectUpdate($projectId: ProjectID!, $addAttributeIds: [SecurityAttributeID!], $removeAttributeIds: [SecurityAttributeID!]) {
  securityAttributeProjectUpdate(input: { projectId: $projectId, addAttributeIds: $addAttributeIds, removeAttributeIds: $removeAttributeIds }) {
    addedCount
    removedCount
    project { id fullPath }
    errors
  }
}`,
      variables: (p) => ({
        projectId: gid('Project', p.project_id),
        addAttributeIds: gids('Security::Attribute', p.add_attribute_ids),
        removeAttributeIds: gids('Security::Attribute', p.remove_attribute_ids),
      }),
    },
    params: {
      project_id: req(int('Numeric project ID')),
      add_attribute_ids: strList('Security attribute IDs (or global IDs) to add'),
      remove_attribute_ids: strList('Security attribute IDs (or global IDs) to remove'),
    },
    tier: 'ultimate',
    fineGrained: ['update_security_attribute'],
    keywords: 'label tag classify project security attributes apply',
    examples: [
      'tag acme/shop with the security attribute Business critical',
      'mark platform/api as Internet facing instead of Internal',
    ],
  },
  bulk_update: {
    summary: 'Add, remove or replace security attributes on many projects and groups at once',
    graphql: {
      kind: 'mutation',
      resultPath: 'bulkUpdateSecurityAttributes',
      document: `mutation bulkUpdateSecurityAttributes($items: [ID!]!, $attributes: [SecurityAttributeID!]!, $mode: SecurityAttributeBulkUpdateMode!) {
  bulkUpdateSecurityAttributes(input: { items: $items, attributes: $attributes, mode: $mode }) {
    errors
  }
}`,
      variables: (p) => ({
        items: [...(gids('Project', p.project_ids) ?? []), ...(gids('Group', p.group_ids) ?? [])],
        attributes: gids('Security::Attribute', p.attribute_ids) ?? [],
        mode: p.mode,
      }),
    },
    params: {
      project_ids: intList('IDs of the projects to update (at most 100 items in all)'),
      group_ids: intList('IDs of the groups whose projects to update'),
      attribute_ids: req(strList('Security attribute IDs (or global IDs) to apply, at most 20')),
      mode: req(oneOf(['ADD', 'REMOVE', 'REPLACE'], 'ADD keeps existing attributes; REPLACE sets exactly these')),
    },
    tier: 'ultimate',
    fineGrained: { withheld: 'mutation', name: 'BulkUpdateSecurityAttributes' },
    keywords: 'bulk mass label classify projects security attributes',
    examples: [
      'apply the PCI security attribute to acme/shop, acme/payments and acme/checkout at once',
      'replace the security attributes of every project in group platform with Tier 2',
    ],
  },
});
