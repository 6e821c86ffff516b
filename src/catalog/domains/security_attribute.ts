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
    keywords: 'new security label tag classification business impact exposure add define option value taxonomy',
    examples: [
      'create security attributes Internet facing and Internal in the Exposure category of acme',
      'add attribute "Tier 1" to security category 14 in group platform',
      'create security attribute "PCI" (description "card data", color #e24329) in category 7 of group payments',
      'add Tier 1, Tier 2 and Tier 3 labels to the Criticality category of acme',
      'new security attributes Public and Private (colors #1f75cb and #999999) in category 3 of group 42',
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
    keywords: 'edit rename recolor security label colour hex restyle',
    examples: [
      'recolor security attribute 31 to #ff0000',
      'rename security attribute Internet facing to Public exposure',
      'update the description of security attribute 12',
      'change the color of the Business critical classification (id 45) to #dc143c',
      'edit security attribute 8: name "Tier 0", description "crown jewels"',
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
    keywords: 'remove security label nuke drop retire',
    examples: [
      'delete security attribute 31 from acme',
      'get rid of the Legacy security attribute everywhere',
      'delete security attribute 45',
      'nuke classification 12 (Deprecated) entirely',
      'remove the Tier 3 security attribute (id 8) from group acme',
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
    keywords: 'label tag classify project security attributes apply assign unassign mark categorize',
    examples: [
      'tag acme/shop with the security attribute Business critical',
      'mark platform/api as Internet facing instead of Internal',
      'add security attribute 45 to project 321',
      'classify repo 812 as PCI and Internet facing',
      'swap security attribute 12 for 45 on project 321',
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
    keywords: 'bulk mass label classify projects security attributes batch assign mark categorize',
    examples: [
      'apply the PCI security attribute to acme/shop, acme/payments and acme/checkout at once',
      'replace the security attributes of every project in group platform with Tier 2',
      'add security attribute 45 to projects 11, 12 and 13 in bulk',
      'set exactly the Tier 1 classification on every project in groups 7 and 9',
      'bulk-apply attributes 3 and 4 to all projects of group 20, keeping the existing ones',
    ],
  },
});
