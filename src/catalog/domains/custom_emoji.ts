import { domain, str, bool, req, cursor } from '../define.js';

/** A bare number is turned into the custom emoji's global ID. */
const emojiGid = (v: unknown): unknown =>
  typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? `gid://gitlab/CustomEmoji/${v}` : v;

const groupPath = () => req(str('Full path of the top-level group, e.g. my-group'));

export default domain('custom_emoji', 'Custom emoji of top-level groups: list, add, delete', {
  list: {
    summary: 'List the custom emoji of a group (optionally with those of its ancestor groups)',
    graphql: {
      kind: 'query',
      document: `query groupCustomEmoji($fullPath: ID!, $includeAncestorGroups: Boolean, $first: Int, $after: String) {
  group(fullPath: $fullPath) {
    customEmoji(includeAncestorGroups: $includeAncestorGroups, first: $first, after: $after) {
      nodes {
        id
        name
        url
        external
        createdAt
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
}`,
      resultPath: 'group.customEmoji',
      connection: true,
      variables: (p) => ({
        fullPath: p.group_path,
        includeAncestorGroups: p.include_ancestor_groups,
        first: p.first,
        after: p.after,
      }),
    },
    params: {
      group_path: groupPath(),
      include_ancestor_groups: bool('Also list the custom emoji of ancestor groups'),
      ...cursor(),
    },
    fineGrained: { withheld: 'type', name: 'CustomEmoji' },
    keywords: 'emoji reactions custom icons available palette stickers inherited parent',
    examples: [
      'what custom emoji does the acme group have?',
      'list custom reactions available in group platform including parent groups',
      'show the custom emoji set of acme/design',
      'list custom emoji of group payments',
      'which extra reaction icons can we use in platform, parents included?',
    ],
  },
  create: {
    summary: 'Add a custom emoji to a top-level group from an image URL',
    graphql: {
      kind: 'mutation',
      document: `mutation createCustomEmoji($groupPath: ID!, $name: String!, $url: String!) {
  createCustomEmoji(input: { groupPath: $groupPath, name: $name, url: $url }) {
    customEmoji {
      id
      name
      url
      external
      createdAt
    }
    errors
  }
}`,
      resultPath: 'createCustomEmoji',
      variables: (p) => ({ groupPath: p.group_path, name: p.name, url: p.url }),
    },
    params: {
      group_path: groupPath(),
      name: req(str('Name of the emoji, used as :name: in comments')),
      url: req(str('URL of the emoji image')),
    },
    fineGrained: { withheld: 'answer', name: 'CustomEmoji' },
    keywords: 'add upload emoji reaction icon new gif png sticker import picture',
    examples: [
      'add a partyparrot custom emoji to group acme from https://example.com/parrot.gif',
      'upload a custom reaction called shipit to group platform from https://cdn.example.com/shipit.png',
      'new custom emoji lgtm for acme using https://img.example.com/lgtm.png',
      'create custom emoji blobcat in acme from https://img.example.com/blobcat.png',
      'add a ship-it reaction for group payments using https://cdn.example.com/ship.gif',
    ],
  },
  delete: {
    summary: 'Delete a custom emoji from its group',
    graphql: {
      kind: 'mutation',
      document: `mutation destroyCustomEmoji($id: CustomEmojiID!) {
  destroyCustomEmoji(input: { id: $id }) {
    customEmoji {
      id
      name
    }
    errors
  }
}`,
      resultPath: 'destroyCustomEmoji',
      variables: (p) => ({ id: emojiGid(p.custom_emoji_id) }),
    },
    params: {
      custom_emoji_id: req(str('Custom emoji ID or global ID (gid://gitlab/CustomEmoji/<n>)')),
    },
    destructive: true,
    fineGrained: { withheld: 'answer', name: 'CustomEmoji' },
    keywords: 'remove emoji erase drop retire sticker trash',
    examples: [
      'delete the custom emoji gid://gitlab/CustomEmoji/12',
      'remove the old partyparrot custom emoji from acme',
      'delete custom emoji 44',
      'get rid of the blobcat reaction (id 19) in acme',
      'remove custom emoji gid://gitlab/CustomEmoji/7 from group payments',
    ],
  },
});
