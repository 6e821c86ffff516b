import { domain, str, bool, req, id, strList, cursor } from '../define.js';
import { gid } from '../graphql.js';

const ACHIEVEMENT = 'Achievements::Achievement';
const USER_ACHIEVEMENT = 'Achievements::UserAchievement';

const achievementId = () => req(str('Achievement ID or global ID (gid://gitlab/Achievements::Achievement/<n>)'));
const userAchievementId = () =>
  req(str('ID of one award (user achievement) or its global ID (gid://gitlab/Achievements::UserAchievement/<n>)'));
const namespacePath = () => req(str('Full path of the group that owns the achievements, e.g. my-group'));

const ACHIEVEMENT_FIELDS = `id
      name
      description
      avatarUrl
      createdAt
      updatedAt`;

const AWARD_FIELDS = `id
      priority
      showOnProfile
      createdAt
      updatedAt
      revokedAt
      achievement { id name }
      user { id username name }
      awardedByUser { id username }
      revokedByUser { id username }`;

export default domain('achievement', 'Achievements (badges) of groups: define, award to users, revoke, list recipients and a user\'s awards', {
  list: {
    summary: 'List the achievements a group defines (name, description, avatar)',
    graphql: {
      kind: 'query',
      connection: true,
      resultPath: 'namespace.achievements',
      document: `query achievementList($fullPath: ID!, $ids: [AchievementsAchievementID!], $first: Int, $after: String) {
  namespace(fullPath: $fullPath) {
    achievements(ids: $ids, first: $first, after: $after) {
      nodes {
        ${ACHIEVEMENT_FIELDS}
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
      variables: (p) => ({
        fullPath: p.full_path,
        ids: Array.isArray(p.achievement_ids) ? p.achievement_ids.map((v) => gid(ACHIEVEMENT, v)) : undefined,
        first: p.first,
        after: p.after,
      }),
    },
    params: {
      full_path: namespacePath(),
      achievement_ids: strList('Return only these achievements (IDs or global IDs)'),
      ...cursor(),
    },
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'badges awards gamification group achievements available catalog trophies kudos overview',
    examples: [
      'what achievements does group acme have?',
      'list the badges defined in group acme/community',
      'show all achievements of my-group with their descriptions',
      'what gamification rewards can people earn in group platform?',
      'list achievements 3 and 9 of group acme',
    ],
  },
  recipients: {
    summary: 'List the awards of one achievement: who received it, when, by whom, revoked or not',
    graphql: {
      kind: 'query',
      connection: true,
      resultPath: 'namespace.achievements.nodes.0.userAchievements',
      document: `query achievementRecipients($fullPath: ID!, $achievementId: AchievementsAchievementID!, $first: Int, $after: String) {
  namespace(fullPath: $fullPath) {
    achievements(ids: [$achievementId]) {
      nodes {
        id
        name
        userAchievements(first: $first, after: $after) {
          nodes {
      ${AWARD_FIELDS}
          }
          pageInfo { hasNextPage endCursor }
        }
      }
    }
  }
}`,
      variables: (p) => ({ fullPath: p.full_path, achievementId: gid(ACHIEVEMENT, p.achievement_id), first: p.first, after: p.after }),
    },
    params: { full_path: namespacePath(), achievement_id: achievementId(), ...cursor() },
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'badge awarded users recipients who has awardees winners granted history',
    examples: [
      'who has received achievement 12 in group acme?',
      'list every award of the First MR badge (id 4) in acme, revoked ones too',
      'who handed out achievement 7 in acme/community and when?',
      'who was handed the First Review award (id 5) in group platform, and by whom?',
      'show all awards of achievement 8 in acme with dates',
    ],
  },
  unique_users: {
    summary: 'List the distinct users holding one achievement (each user once, however often awarded)',
    graphql: {
      kind: 'query',
      connection: true,
      resultPath: 'namespace.achievements.nodes.0.uniqueUsers',
      document: `query achievementUniqueUsers($fullPath: ID!, $achievementId: AchievementsAchievementID!, $first: Int, $after: String) {
  namespace(fullPath: $fullPath) {
    achievements(ids: [$achievementId]) {
      nodes {
        id
        name
        uniqueUsers(first: $first, after: $after) {
          nodes { id username name webUrl }
          pageInfo { hasNextPage endCursor }
        }
      }
    }
  }
}`,
      variables: (p) => ({ fullPath: p.full_path, achievementId: gid(ACHIEVEMENT, p.achievement_id), first: p.first, after: p.after }),
    },
    params: { full_path: namespacePath(), achievement_id: achievementId(), ...cursor() },
    fineGrained: { withheld: 'type', name: 'Namespace' },
    keywords: 'badge holders distinct users count people dedupe number headcount',
    examples: [
      'which distinct users hold achievement 12 in acme?',
      'how many different people have the Bug Hunter badge (id 3) in group acme?',
      'list each person holding achievement 5 in platform once, no duplicates',
      'which people hold the Mentor award (id 8) in group acme, each listed once?',
      'distinct holders of achievement 14 in acme/community',
    ],
  },
  user_list: {
    summary: 'List the achievements awarded to one user (optionally those hidden from the profile)',
    graphql: {
      kind: 'query',
      connection: true,
      resultPath: 'user.userAchievements',
      document: `query userAchievementList($username: String!, $includeHidden: Boolean, $first: Int, $after: String) {
  user(username: $username) {
    userAchievements(includeHidden: $includeHidden, first: $first, after: $after) {
      nodes {
      ${AWARD_FIELDS}
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`,
      variables: (p) => ({ username: p.username, includeHidden: p.include_hidden, first: p.first, after: p.after }),
    },
    params: {
      username: req(str('Username of the user, without the leading @')),
      include_hidden: bool('Include awards the user hides from the profile'),
      ...cursor(),
    },
    fineGrained: { withheld: 'type', name: 'UserAchievement' },
    keywords: 'my badges user profile awards earned collection trophies person',
    examples: [
      'what badges does @alice have?',
      'list achievements awarded to @bob, including hidden ones',
      "show the awards on @jdoe's profile",
      'which achievements has @carol earned?',
      'what badges has @dave collected, hidden ones too?',
    ],
  },
  create: {
    summary: 'Define a new achievement in a group (name and description)',
    graphql: {
      kind: 'mutation',
      resultPath: 'achievementsCreate',
      document: `mutation achievementsCreate($namespaceId: NamespaceID!, $name: String!, $description: String) {
  achievementsCreate(input: { namespaceId: $namespaceId, name: $name, description: $description }) {
    achievement {
      ${ACHIEVEMENT_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({ namespaceId: gid('Namespace', p.namespace_id), name: p.name, description: p.description }),
    },
    params: {
      namespace_id: req(str('ID of the group (namespace) or its global ID')),
      name: req(str('Name of the achievement')),
      description: str('What the achievement is awarded for'),
    },
    fineGrained: { withheld: 'answer', name: 'Achievement' },
    keywords: 'new badge award define gamification add introduce establish trophy setup',
    examples: [
      'create an achievement First Merge in group acme',
      'define a new badge Bug Hunter in group 42 for fixing 10 bugs',
      'add a Top Reviewer achievement to the acme community group',
      'set up a new Docs Champion achievement in group platform',
      'new badge for group 17: Release Captain, awarded for running a release',
    ],
  },
  update: {
    summary: 'Rename an achievement or change its description',
    graphql: {
      kind: 'mutation',
      resultPath: 'achievementsUpdate',
      document: `mutation achievementsUpdate($achievementId: AchievementsAchievementID!, $name: String, $description: String) {
  achievementsUpdate(input: { achievementId: $achievementId, name: $name, description: $description }) {
    achievement {
      ${ACHIEVEMENT_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({ achievementId: gid(ACHIEVEMENT, p.achievement_id), name: p.name, description: p.description }),
    },
    params: {
      achievement_id: achievementId(),
      name: str('New name'),
      description: str('New description'),
    },
    fineGrained: { withheld: 'answer', name: 'Achievement' },
    keywords: 'edit rename badge retitle reword amend trophy',
    examples: [
      'rename achievement 12 to Bug Slayer',
      'change the description of badge 7 to Awarded for 100 reviews',
      'edit achievement 3 so it is called First Contribution',
      'update the description of achievement 5 to say it is for 50 merged MRs',
      'rename badge 8 to Review Guru',
    ],
  },
  delete: {
    summary: 'Delete an achievement and every award made from it',
    graphql: {
      kind: 'mutation',
      resultPath: 'achievementsDelete',
      document: `mutation achievementsDelete($achievementId: AchievementsAchievementID!) {
  achievementsDelete(input: { achievementId: $achievementId }) {
    achievement {
      id
      name
    }
    errors
  }
}`,
      variables: (p) => ({ achievementId: gid(ACHIEVEMENT, p.achievement_id) }),
    },
    params: { achievement_id: achievementId() },
    destructive: true,
    fineGrained: { withheld: 'answer', name: 'Achievement' },
    keywords: 'remove badge erase drop trophy retire nuke trash',
    examples: [
      'delete achievement 12 and all its awards',
      'remove the Bug Hunter badge (id 3) entirely from group acme',
      'delete the Docs Champion achievement (id 5) and every award of it',
      'get rid of the Mentor award definition (id 8) and every grant of it',
      'nuke achievement 14 from group acme',
    ],
  },
  award: {
    summary: 'Award an achievement to a user, with an optional message',
    graphql: {
      kind: 'mutation',
      resultPath: 'achievementsAward',
      document: `mutation achievementsAward($achievementId: AchievementsAchievementID!, $userId: UserID!, $awardMessage: String) {
  achievementsAward(input: { achievementId: $achievementId, userId: $userId, awardMessage: $awardMessage }) {
    userAchievement {
      ${AWARD_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({ achievementId: gid(ACHIEVEMENT, p.achievement_id), userId: gid('User', p.user_id), awardMessage: p.award_message }),
    },
    params: {
      achievement_id: achievementId(),
      user_id: id.user(),
      award_message: str('Message shown with the award (at most 200 characters)'),
    },
    fineGrained: { withheld: 'answer', name: 'UserAchievement' },
    keywords: 'give grant badge to user recognize reward bestow kudos thank praise appreciate honor',
    examples: [
      'give achievement 12 to user 345',
      'award the Top Reviewer badge (id 7) to user 88 with the message Thanks for the reviews',
      'grant badge 3 to user 1021 for fixing the login bug',
      'award achievement 5 to user 512',
      'hand badge 8 to user 77 with a note: thanks for the docs',
    ],
  },
  revoke: {
    summary: 'Revoke an award (kept in history as revoked)',
    graphql: {
      kind: 'mutation',
      resultPath: 'achievementsRevoke',
      document: `mutation achievementsRevoke($userAchievementId: AchievementsUserAchievementID!) {
  achievementsRevoke(input: { userAchievementId: $userAchievementId }) {
    userAchievement {
      ${AWARD_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({ userAchievementId: gid(USER_ACHIEVEMENT, p.user_achievement_id) }),
    },
    params: { user_achievement_id: userAchievementId() },
    destructive: true,
    fineGrained: { withheld: 'answer', name: 'UserAchievement' },
    keywords: 'take back withdraw badge award rescind retract unaward cancel strip',
    examples: [
      'revoke award 56, it was given by mistake',
      'take back user achievement 91 but keep it in the history',
      'revoke user achievement 140, it went to the wrong person',
      'revoke grant 77 from @erin, she got it by accident',
      'remove grant 212 from its holder but leave a trace in the history',
    ],
  },
  user_achievement_update: {
    summary: 'Change one award: show or hide it on the recipient\'s profile, or its message',
    graphql: {
      kind: 'mutation',
      resultPath: 'userAchievementsUpdate',
      document: `mutation userAchievementsUpdate($userAchievementId: AchievementsUserAchievementID!, $showOnProfile: Boolean, $awardMessage: String) {
  userAchievementsUpdate(input: { userAchievementId: $userAchievementId, showOnProfile: $showOnProfile, awardMessage: $awardMessage }) {
    userAchievement {
      ${AWARD_FIELDS}
    }
    errors
  }
}`,
      variables: (p) => ({
        userAchievementId: gid(USER_ACHIEVEMENT, p.user_achievement_id),
        showOnProfile: p.show_on_profile,
        awardMessage: p.award_message,
      }),
    },
    params: {
      user_achievement_id: userAchievementId(),
      show_on_profile: bool('Show the award on the recipient\'s profile'),
      award_message: str('Message shown with the award (at most 200 characters)'),
    },
    fineGrained: { withheld: 'answer', name: 'UserAchievement' },
    keywords: 'hide show badge on profile award message visibility unhide conceal private public',
    examples: [
      "hide award 56 on the recipient's profile",
      'change the message on user achievement 91 to Great work on v2',
      'show award 23 on the profile again',
      'stop showing award 140 on the profile',
      'update the award message of user achievement 77 to Thanks for shipping v3',
    ],
  },
  user_achievement_delete: {
    summary: 'Delete one award record outright (unlike revoke, nothing is kept)',
    graphql: {
      kind: 'mutation',
      resultPath: 'userAchievementsDelete',
      document: `mutation userAchievementsDelete($userAchievementId: AchievementsUserAchievementID!) {
  userAchievementsDelete(input: { userAchievementId: $userAchievementId }) {
    userAchievement {
      id
      achievement { id name }
      user { id username }
    }
    errors
  }
}`,
      variables: (p) => ({ userAchievementId: gid(USER_ACHIEVEMENT, p.user_achievement_id) }),
    },
    params: { user_achievement_id: userAchievementId() },
    destructive: true,
    fineGrained: { withheld: 'answer', name: 'UserAchievement' },
    keywords: 'remove erase award badge record permanently hard-delete nuke trash drop',
    examples: [
      'delete award record 56 completely, no history',
      'erase user achievement 91 outright instead of revoking it',
      'delete user achievement 140 entirely, no revoked entry left behind',
      'wipe award record 77 without keeping any history',
      'remove user achievement 212 outright',
    ],
  },
  user_achievement_reorder: {
    summary: 'Set the display order of a user\'s awards on the profile (highest priority first)',
    graphql: {
      kind: 'mutation',
      resultPath: 'userAchievementPrioritiesUpdate',
      document: `mutation userAchievementPrioritiesUpdate($userAchievementIds: [AchievementsUserAchievementID!]!) {
  userAchievementPrioritiesUpdate(input: { userAchievementIds: $userAchievementIds }) {
    userAchievements {
      id
      priority
      achievement { id name }
    }
    errors
  }
}`,
      variables: (p) => ({
        userAchievementIds: Array.isArray(p.user_achievement_ids) ? p.user_achievement_ids.map((v) => gid(USER_ACHIEVEMENT, v)) : [],
      }),
    },
    params: {
      user_achievement_ids: req(strList('Award (user achievement) IDs or global IDs in the wanted order, highest first')),
    },
    fineGrained: { withheld: 'answer', name: 'UserAchievement' },
    keywords: 'order sort priority pin badges profile rearrange arrange rank feature showcase top',
    examples: [
      'reorder my badges so award 91 shows first, then 56, then 23',
      'pin user achievement 12 to the top of the profile',
      'set the profile badge order to 7, 3, 15',
      'put award 140 first and 77 second on my profile',
      'change the order my badges show in: 212, 140, 77',
    ],
  },
});
