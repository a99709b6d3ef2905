/**
 * Hand-authored exchanges for social-media:forum, consistent with the spec's field lists and with each
 * other (the same users, communities and threads appear across endpoints). Every name, id and post text
 * is made up. Times are epoch seconds.
 */
import { defineFixtures } from '@pdg/core';
import { forum } from './index.js';

const site = 'https://forum.example.test';
const images = 'https://img.forum.example.test';

interface User {
  readonly userId: string;
  readonly username: string;
  readonly displayName: string;
  readonly title: string;
  readonly reputation: number;
  readonly totalPosts: number;
  readonly isOnline: boolean;
  readonly biography: string;
}

const user = (
  userId: string,
  username: string,
  displayName: string,
  title: string,
  reputation: number,
  totalPosts: number,
  isOnline: boolean,
  biography: string,
): User => ({ userId, username, displayName, title, reputation, totalPosts, isOnline, biography });

const users = {
  tom: user('50211', 'tactile_tom', 'Tom T.', 'Veteran', 1840, 412, true, 'Builds keyboards on weekends.'),
  lena: user('50877', 'linear_lena', 'Lena L.', 'Regular', 960, 233, false, 'Ergonomics first.'),
  kai: user('61034', 'keycap_kai', 'Kai K.', 'Regular', 715, 188, true, 'Collects keycap sets.'),
  sam: user('47720', 'solder_sam', 'Sam S.', 'Veteran', 2210, 530, false, 'Repairs anything with a circuit board.'),
  hana: user('58102', 'hotswap_hana', 'Hana H.', 'Member', 310, 74, false, 'New to the hobby.'),
  gus: user('63390', 'gasket_gus', 'Gus G.', 'Regular', 1120, 301, true, 'Runs the group buy threads.'),
  theo: user('49915', 'thocky_theo', 'Theo T.', 'Member', 205, 66, false, 'Writes about sound dampening.'),
  priya: user('66021', 'pcb_priya', 'Priya P.', 'Regular', 880, 190, false, 'Firmware tinkerer.'),
  rae: user('60417', 'router_rae', 'Rae R.', 'Regular', 640, 152, true, 'Home lab and desk setups.'),
  bo: user('57763', 'bitplane_bo', 'Bo B.', 'Veteran', 1530, 377, false, 'Restores 8-bit computers.'),
  max: user('55530', 'meeple_max', 'Max M.', 'Member', 290, 81, false, 'Weeknight board gamer.'),
  mira: user('52248', 'moss_mira', 'Mira M.', 'Regular', 530, 120, true, 'Balcony gardener.'),
  gia: user('64480', 'grain_gia', 'Gia G.', 'Member', 42, 8, false, 'Shooting my first rolls of film.'),
} satisfies Record<string, User>;

type UserKey = keyof typeof users;

const channels = {
  tech: { id: '3', name: 'Tech' },
  hobbies: { id: '7', name: 'Hobbies' },
};

interface Community {
  readonly communityId: string;
  readonly name: string;
  readonly channel?: { readonly id: string; readonly name: string };
  readonly description: string;
  readonly isOfficial: boolean;
  readonly allowCommerce: boolean;
}

const communities = {
  keyboards: {
    communityId: '1204',
    name: 'Mechanical Keyboards',
    channel: channels.tech,
    description: 'Builds, switches, keycaps and layouts.',
    isOfficial: false,
    allowCommerce: true,
  },
  networking: {
    communityId: '1188',
    name: 'Home Networking',
    channel: channels.tech,
    description: 'Routers, access points and cabling at home.',
    isOfficial: false,
    allowCommerce: false,
  },
  retro: {
    communityId: '1301',
    name: 'Retro Computing',
    channel: channels.tech,
    description: 'Restoring and using old home computers.',
    isOfficial: false,
    allowCommerce: true,
  },
  desks: {
    communityId: '1377',
    name: 'Desk Setups',
    channel: channels.tech,
    description: 'Show your workspace and ask for advice.',
    isOfficial: false,
    allowCommerce: false,
  },
  boardgames: {
    communityId: '2310',
    name: 'Board Games',
    channel: channels.hobbies,
    description: 'Tabletop games of every kind.',
    isOfficial: false,
    allowCommerce: true,
  },
  gardening: {
    communityId: '2355',
    name: 'Urban Gardening',
    channel: channels.hobbies,
    description: 'Growing food and flowers in small spaces.',
    isOfficial: false,
    allowCommerce: false,
  },
  photo: {
    communityId: '2402',
    name: 'Film Photography',
    channel: channels.hobbies,
    description: 'Cameras, film stocks and developing.',
    isOfficial: false,
    allowCommerce: true,
  },
  strategy: {
    // An id with a slash in it: it must still reach the gateway as one path segment.
    communityId: 'tabletop/strategy',
    name: 'Strategy Games',
    channel: channels.hobbies,
    description: 'Long games, deep plans.',
    isOfficial: false,
    allowCommerce: false,
  },
  help: {
    // No channel: the spec marks a community's `channel` optional.
    communityId: '1002',
    name: 'Forum Help',
    description: 'Questions about using the forum.',
    isOfficial: true,
    allowCommerce: false,
  },
} satisfies Record<string, Community>;

type CommunityKey = keyof typeof communities;
const community = (key: CommunityKey): Community => communities[key];

interface Thread {
  readonly threadId: string;
  readonly title: string;
  readonly author: UserKey;
  readonly community: CommunityKey;
  readonly created: number;
  readonly totalViews: number;
  readonly totalReplies: number;
  readonly imageCount: number;
}

const thread = (
  threadId: string,
  title: string,
  author: UserKey,
  community: CommunityKey,
  created: number,
  totalViews: number,
  totalReplies: number,
  imageCount: number,
): Thread => ({ threadId, title, author, community, created, totalViews, totalReplies, imageCount });

/** Threads matching "split keyboard", in the order search ranks them. */
const splitKeyboardThreads = [
  thread('8120443', 'Finished my first split keyboard build', 'tom', 'keyboards', 1734012000, 5230, 13, 6),
  thread('8119870', 'Split keyboard tenting: how steep do you go?', 'lena', 'keyboards', 1733841600, 3104, 42, 3),
  thread('8121002', 'Wireless split keyboard battery life compared', 'kai', 'keyboards', 1734190500, 2877, 19, 2),
  thread('8117311', 'Which switches for a low-profile split keyboard?', 'sam', 'keyboards', 1733120400, 1990, 27, 0),
  thread('8118054', 'Split keyboard layouts for programmers', 'hana', 'keyboards', 1733409000, 4410, 56, 1),
  thread('8116720', 'Getting used to a column-staggered split keyboard', 'gus', 'keyboards', 1732901200, 2230, 31, 0),
  thread('8115938', 'Split keyboard case printed in PETG, worth it?', 'theo', 'keyboards', 1732650000, 1205, 14, 4),
  thread('8114402', 'TRRS or wireless for split keyboard halves', 'priya', 'keyboards', 1732188000, 3320, 38, 0),
  thread('8113377', 'My split keyboard travel setup', 'tom', 'keyboards', 1731902400, 2760, 22, 5),
  thread('8112965', 'Split keyboard thumb cluster ideas', 'lena', 'keyboards', 1731750000, 1870, 25, 2),
  thread('8111540', 'Soldering diodes on a split keyboard PCB: tips?', 'sam', 'keyboards', 1731300000, 1530, 18, 3),
  thread('8121377', 'Split keyboard with a trackball module', 'kai', 'keyboards', 1734240000, 3980, 35, 7),
  thread('8110228', 'Splitting the space bar on a standard board', 'gus', 'keyboards', 1730910000, 990, 9, 1),
  thread('8109781', 'Best wrist rests for a split keyboard', 'hana', 'keyboards', 1730750400, 1420, 20, 0),
  thread('8108864', 'Split keyboard firmware: layers explained', 'priya', 'keyboards', 1730480000, 5120, 47, 0),
  thread('8120911', 'Half of my split keyboard stopped responding', 'theo', 'keyboards', 1734150000, 860, 16, 1),
  thread('8107702', 'Split keyboard for a small desk', 'rae', 'desks', 1730200000, 1330, 12, 2),
  thread('8106655', 'Magnetic tenting feet for split keyboards', 'tom', 'keyboards', 1729950000, 1745, 15, 3),
  thread('8105591', 'Split keyboard keycap profiles compared', 'kai', 'keyboards', 1729700000, 2210, 29, 5),
  thread('8104470', 'Hot-swap sockets on a split keyboard build', 'hana', 'keyboards', 1729400000, 1610, 21, 2),
  thread('8121540', 'Split keyboard home-row mods, one month in', 'lena', 'keyboards', 1734280000, 2450, 33, 0),
  thread('8103318', 'Desk mount arms for split keyboard halves', 'rae', 'desks', 1729100000, 1120, 10, 4),
  thread('8121620', 'Split keyboard group buy: update thread', 'gus', 'keyboards', 1734300000, 6120, 88, 2),
  thread('8102207', 'Learning to type again on a split keyboard', 'theo', 'keyboards', 1728800000, 2980, 40, 0),
] as const;

const [firstBuild] = splitKeyboardThreads;

/** Retro Computing's threads, latest activity first: its whole thread list. */
const retroThreads = [
  thread('8121455', 'Recapping a 1980s home computer motherboard', 'bo', 'retro', 1734270000, 3390, 29, 9),
  thread('8121210', 'Finally found a working floppy drive', 'bo', 'retro', 1734215000, 1980, 21, 3),
  thread('8120780', 'Composite video or RGB mod: is it worth it?', 'tom', 'retro', 1734100000, 1220, 14, 2),
  thread('8119455', 'Cleaning yellowed plastic cases safely', 'sam', 'retro', 1733760000, 2650, 26, 4),
  thread('8118320', 'Tape loading errors on a cassette deck', 'theo', 'retro', 1733480000, 740, 8, 0),
  thread('8117044', 'Which 8-bit machine to start collecting with?', 'gus', 'retro', 1733050000, 3010, 44, 0),
  thread('8115512', 'Replacing a dead CMOS battery', 'priya', 'retro', 1732560000, 1180, 11, 2),
  thread('8113901', 'Typing in listings from old magazines', 'bo', 'retro', 1731990000, 890, 9, 1),
  thread('8111026', 'Keyboard membrane repair, step by step', 'kai', 'retro', 1731150000, 2040, 18, 8),
];

const otherThreads = [
  ...retroThreads,
  thread('8121488', 'Mesh or wired backhaul for a two-storey house?', 'rae', 'networking', 1734260000, 2140, 24, 2),
  thread('8121102', 'VLAN setup for smart home devices', 'rae', 'networking', 1734200000, 1760, 17, 1),
  thread('8121570', 'Show your desk setup: winter edition', 'rae', 'desks', 1734285000, 7420, 112, 64),
  thread('8121515', 'Favourite two-player games for weeknights', 'max', 'boardgames', 1734275000, 2890, 51, 0),
  thread('8121150', 'Sleeving cards: worth the effort?', 'max', 'boardgames', 1734205000, 1430, 30, 2),
  thread('8121498', 'Tomatoes on a north-facing balcony', 'mira', 'gardening', 1734265000, 1960, 27, 5),
  thread('8121077', 'Composting in a small flat', 'mira', 'gardening', 1734195000, 1210, 19, 1),
  thread('8121533', 'First roll through a borrowed rangefinder', 'gia', 'photo', 1734278000, 1650, 22, 12),
  thread('8100934', 'Lubing stabilisers without the mess', 'tom', 'keyboards', 1728400000, 3560, 37, 4),
  thread('8098812', 'Cable management under a standing desk', 'tom', 'desks', 1727800000, 2110, 19, 6),
  thread('8096540', 'Seed swap this spring?', 'tom', 'gardening', 1727100000, 640, 11, 0),
];

const byId = (threadId: string): Thread => {
  const found = [...splitKeyboardThreads, ...otherThreads].find((candidate) => candidate.threadId === threadId);
  if (!found) throw new Error(`fixtures: no thread ${threadId}`);
  return found;
};

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const threadUrl = (item: Thread) => `${site}/thread/${item.threadId}-${slug(item.title)}`;
const thumbnail = (item: Thread) => (item.imageCount > 0 ? `${images}/thread/${item.threadId}/thumb.jpg` : null);
const avatar = (key: UserKey) => `${images}/avatar/${users[key].userId}.jpg`;
const communityIcon = (key: CommunityKey) =>
  `${images}/community/${encodeURIComponent(communities[key].communityId)}.png`;

const shortAuthor = (key: UserKey) => ({
  avatar: avatar(key),
  userId: users[key].userId,
  username: users[key].username,
});

const postAuthor = (key: UserKey) => ({
  ...shortAuthor(key),
  title: users[key].title,
  isOnline: users[key].isOnline,
  reputation: users[key].reputation,
  totalPosts: users[key].totalPosts,
  displayName: users[key].displayName,
});

/** The opening line of each thread, as search and forum lists excerpt it. */
const snippet = (item: Thread) =>
  `${item.title.replace(/[?:.]+$/, '')}. Started by ${users[item.author].username}; details and photos inside.`;

const threadSummary = (item: Thread) => ({
  url: threadUrl(item),
  slug: slug(item.title),
  title: item.title,
  author: shortAuthor(item.author),
  created: item.created,
  snippet: snippet(item),
  threadId: item.threadId,
  community: { id: communities[item.community].communityId, name: communities[item.community].name },
  thumbnail: thumbnail(item),
  totalViews: item.totalViews,
  totalReplies: item.totalReplies,
});

const lastPosters: readonly UserKey[] = ['sam', 'gus', 'kai', 'bo', 'priya', 'theo', 'tom', 'lena', 'rae'];

const forumThreadSummary = (item: Thread, index: number) => ({
  ...threadSummary(item),
  lastPost: {
    postId: String(41_990_000 + index * 37),
    created: item.created + 3_600 * (index + 2),
    username: users[lastPosters[index % lastPosters.length] ?? 'sam'].username,
  },
  imageCount: item.imageCount,
});

const hotThread = (item: Thread) => ({
  url: threadUrl(item),
  title: item.title,
  author: users[item.author].username,
  authorId: users[item.author].userId,
  created: item.created,
  threadId: item.threadId,
  community: communities[item.community].name,
  communityId: communities[item.community].communityId,
  thumbnail: thumbnail(item),
  imageCount: item.imageCount,
  totalViews: item.totalViews,
  totalReplies: item.totalReplies,
});

const profileThread = (item: Thread) => ({
  url: threadUrl(item),
  title: item.title,
  created: item.created,
  threadId: item.threadId,
  community: communities[item.community].name,
  totalViews: item.totalViews,
  totalReplies: item.totalReplies,
});

const communityEntry = (key: CommunityKey) => {
  const { channel, ...rest } = community(key);
  return {
    url: `${site}/c/${encodeURIComponent(rest.communityId)}-${slug(rest.name)}`,
    icon: communityIcon(key),
    name: rest.name,
    ...(channel ? { channel } : {}),
    isOfficial: rest.isOfficial,
    communityId: rest.communityId,
    description: rest.description,
    allowCommerce: rest.allowCommerce,
  };
};

const follower = (key: UserKey) => ({
  url: `${site}/u/${users[key].username}`,
  title: users[key].title,
  avatar: avatar(key),
  userId: users[key].userId,
  isOnline: users[key].isOnline,
  username: users[key].username,
  biography: users[key].biography,
  displayName: users[key].displayName,
});

/** Replies to the first-build thread: neutral text written for these fixtures. */
const replies: readonly [UserKey, string][] = [
  ['lena', 'Congratulations, the finish on the case looks great.'],
  ['kai', 'Which switches did you end up using?'],
  ['tom', 'Tactile ones on the letters and linear ones on the thumb keys.'],
  ['sam', 'Nice work. How long did the soldering take you?'],
  ['tom', 'About two evenings, plus one more to fix a cold joint.'],
  ['hana', 'Thanks for the build log, it helped me order my parts.'],
  ['gus', 'Did you flash the firmware yourself or keep the default?'],
  ['theo', 'The keycap colours go really well together.'],
  ['priya', 'Good tip about testing each diode before closing the case.'],
  ['rae', 'Are you planning to tent it?'],
  ['lena', 'It took me about a week to get used to mine.'],
  ['kai', 'Looks tidy. What cable did you use between the halves?'],
  ['bo', 'Bookmarking this for my own build next month.'],
];

const threadPost = ([key, text]: [UserKey, string], index: number) => ({
  html: `<p>${text}</p>`,
  text,
  author: postAuthor(key),
  postId: String(41_700_101 + index * 11),
  created: firstBuild.created + 2_400 * (index + 1),
  reputations: (index * 7) % 12,
  totalReplies: index % 4 === 1 ? 1 : 0,
});

const firstBuildDetail = {
  url: threadUrl(firstBuild),
  slug: slug(firstBuild.title),
  title: firstBuild.title,
  author: postAuthor(firstBuild.author),
  isOpen: true,
  isSticky: false,
  opHtml:
    '<p>After a few weekends of soldering and testing, my first split keyboard is finished.</p><p>Parts list and a few lessons learned below.</p>',
  opText:
    'After a few weekends of soldering and testing, my first split keyboard is finished.\n\nParts list and a few lessons learned below.',
  channel: channels.tech,
  created: firstBuild.created,
  threadId: firstBuild.threadId,
  community: {
    id: communities.keyboards.communityId,
    icon: communityIcon('keyboards'),
    name: communities.keyboards.name,
  },
  thumbnail: thumbnail(firstBuild),
  totalViews: firstBuild.totalViews,
  totalReplies: firstBuild.totalReplies,
};

const tomProfile = {
  cover: `${images}/cover/${users.tom.userId}.jpg`,
  title: users.tom.title,
  avatar: avatar('tom'),
  userId: users.tom.userId,
  joinDate: 1601251200,
  username: users.tom.username,
  biography: users.tom.biography,
  reputation: users.tom.reputation,
  totalPosts: users.tom.totalPosts,
  displayName: users.tom.displayName,
  totalThreads: 7,
  totalFollowers: 7,
  totalFollowing: 12,
  reputationTitle: 'Trusted',
};

/** Tom's threads, newest first. */
const tomThreads = ['8120780', '8120443', '8113377', '8106655', '8100934', '8098812', '8096540'].map(byId);

/** A user post: one line of `user-posts`. */
const userPost = (postId: string, threadId: string, created: number) => {
  const item = byId(threadId);
  return {
    postId,
    created,
    threadId,
    community: communities[item.community].name,
    threadUrl: threadUrl(item),
    threadTitle: item.title,
  };
};

/** All of Gia's posts, newest first. */
const giaPosts = [
  userPost('41993417', '8121570', 1734290500),
  userPost('41991852', '8121533', 1734282400),
  userPost('41991203', '8121533', 1734278000),
  userPost('41990976', '8121515', 1734276200),
  userPost('41990388', '8121498', 1734270100),
  userPost('41986541', '8121150', 1734231000),
  userPost('41984022', '8121210', 1734216800),
  userPost('41982790', '8121077', 1734199000),
];

/** Tom's latest posts. */
const tomPosts = [
  userPost('41994110', '8121540', 1734301200),
  userPost('41994004', '8121620', 1734300900),
  userPost('41992872', '8121455', 1734290000),
];

const hotThreads = (ids: readonly string[]) => ids.map((id) => hotThread(byId(id)));
/** `nextCursor` values the gateway hands out: opaque strings, sent back as `cursor`. */
const hotCursor2 = 'eyJyYW5rIjo1fQ';
const hotCursor3 = 'eyJyYW5rIjoxMH0';
const followersCursor2 = 'eyJhZnRlciI6IjU4MTAyIn0';

const searchPage = (page: number, keywords: string) => {
  const limit = 10;
  const results = splitKeyboardThreads.slice((page - 1) * limit, page * limit).map(threadSummary);
  const hasMore = page * limit < splitKeyboardThreads.length;
  return {
    ok: true,
    page,
    limit,
    total: splitKeyboardThreads.length,
    hasMore,
    results,
    keywords,
    nextPage: hasMore ? page + 1 : null,
    suggestion: null,
  };
};

export const fixtures = defineFixtures(forum, [
  {
    endpoint: 'search',
    name: 'split-keyboard',
    params: { keywords: 'split keyboard' },
    request: { path: '/v1/social-media:forum/search', query: { keywords: 'split keyboard' } },
    response: searchPage(1, 'split keyboard'),
  },
  {
    endpoint: 'search',
    name: 'split-keyboard-page-2',
    params: { keywords: 'split keyboard', page: 2 },
    request: { path: '/v1/social-media:forum/search', query: { keywords: 'split keyboard', page: '2' } },
    response: searchPage(2, 'split keyboard'),
  },
  {
    endpoint: 'search',
    name: 'split-keyboard-page-3',
    params: { keywords: 'split keyboard', page: 3 },
    request: { path: '/v1/social-media:forum/search', query: { keywords: 'split keyboard', page: '3' } },
    response: searchPage(3, 'split keyboard'),
  },
  {
    endpoint: 'search',
    name: 'misspelt-with-suggestion',
    params: { keywords: 'splt keybord' },
    request: { path: '/v1/social-media:forum/search', query: { keywords: 'splt keybord' } },
    response: {
      ok: true,
      page: 1,
      limit: 10,
      total: 0,
      hasMore: false,
      results: [],
      keywords: 'splt keybord',
      nextPage: null,
      suggestion: 'split keyboard',
    },
  },
  {
    endpoint: 'thread',
    name: 'first-build',
    params: { threadId: firstBuild.threadId },
    request: { path: `/v1/social-media:forum/thread/${firstBuild.threadId}`, query: {} },
    response: {
      ok: true,
      page: 1,
      limit: 10,
      posts: replies.slice(0, 10).map((reply, index) => threadPost(reply, index)),
      total: replies.length,
      thread: firstBuildDetail,
      hasMore: true,
      nextPage: 2,
    },
  },
  {
    endpoint: 'thread',
    name: 'first-build-page-2',
    params: { threadId: firstBuild.threadId, page: 2 },
    request: { path: `/v1/social-media:forum/thread/${firstBuild.threadId}`, query: { page: '2' } },
    response: {
      ok: true,
      page: 2,
      limit: 10,
      posts: replies.slice(10).map((reply, index) => threadPost(reply, index + 10)),
      total: replies.length,
      thread: firstBuildDetail,
      hasMore: false,
      nextPage: null,
    },
  },
  {
    endpoint: 'forum',
    name: 'retro-computing',
    params: { communityId: communities.retro.communityId },
    request: { path: `/v1/social-media:forum/forum/${communities.retro.communityId}`, query: {} },
    response: {
      ok: true,
      page: 1,
      limit: 6,
      total: retroThreads.length,
      hasMore: true,
      threads: retroThreads.slice(0, 6).map((item, index) => forumThreadSummary(item, index)),
      nextPage: 2,
      community: communityEntry('retro'),
    },
  },
  {
    endpoint: 'forum',
    name: 'retro-computing-page-2',
    params: { communityId: communities.retro.communityId, page: 2 },
    request: { path: `/v1/social-media:forum/forum/${communities.retro.communityId}`, query: { page: '2' } },
    response: {
      ok: true,
      page: 2,
      limit: 6,
      total: retroThreads.length,
      hasMore: false,
      threads: retroThreads.slice(6).map((item, index) => forumThreadSummary(item, index + 6)),
      nextPage: null,
      community: communityEntry('retro'),
    },
  },
  {
    endpoint: 'profile',
    name: 'tactile-tom',
    params: { userId: users.tom.userId },
    request: { path: `/v1/social-media:forum/profile/${users.tom.userId}`, query: {} },
    response: {
      ok: true,
      page: 1,
      user: tomProfile,
      total: tomThreads.length,
      hasMore: true,
      threads: tomThreads.slice(0, 5).map(profileThread),
      nextPage: 2,
    },
  },
  {
    endpoint: 'profile',
    name: 'tactile-tom-page-2',
    params: { userId: users.tom.userId, page: 2 },
    request: { path: `/v1/social-media:forum/profile/${users.tom.userId}`, query: { page: '2' } },
    response: {
      ok: true,
      page: 2,
      user: tomProfile,
      total: tomThreads.length,
      hasMore: false,
      threads: tomThreads.slice(5).map(profileThread),
      nextPage: null,
    },
  },
  {
    endpoint: 'hot',
    name: 'top-5',
    params: { limit: 5 },
    request: { path: '/v1/social-media:forum/hot', query: { limit: '5' } },
    response: {
      ok: true,
      count: 5,
      limit: 5,
      hasMore: true,
      threads: hotThreads(['8121570', '8121620', '8121540', '8121533', '8121515']),
      nextCursor: hotCursor2,
    },
  },
  {
    endpoint: 'hot',
    name: 'top-5-cursor-2',
    params: { limit: 5, cursor: hotCursor2 },
    request: { path: '/v1/social-media:forum/hot', query: { limit: '5', cursor: hotCursor2 } },
    response: {
      ok: true,
      count: 5,
      limit: 5,
      hasMore: true,
      threads: hotThreads(['8121455', '8121498', '8121488', '8121377', '8121210']),
      nextCursor: hotCursor3,
    },
  },
  {
    endpoint: 'hot',
    name: 'top-5-cursor-3',
    params: { limit: 5, cursor: hotCursor3 },
    request: { path: '/v1/social-media:forum/hot', query: { limit: '5', cursor: hotCursor3 } },
    response: {
      ok: true,
      count: 3,
      limit: 5,
      hasMore: false,
      threads: hotThreads(['8121102', '8121002', '8120911']),
      nextCursor: null,
    },
  },
  {
    endpoint: 'hot',
    name: 'hobbies-channel',
    params: { channelId: channels.hobbies.id },
    request: { path: '/v1/social-media:forum/hot', query: { channelId: '7' } },
    response: {
      ok: true,
      count: 5,
      limit: 20,
      hasMore: false,
      threads: hotThreads(['8121533', '8121515', '8121498', '8121150', '8121077']),
      nextCursor: null,
    },
  },
  {
    endpoint: 'communities',
    name: 'tech-channel',
    params: { channelId: channels.tech.id },
    request: { path: '/v1/social-media:forum/communities', query: { channelId: '3' } },
    response: {
      ok: true,
      count: 4,
      communities: (['keyboards', 'networking', 'retro', 'desks'] as const).map(communityEntry),
    },
  },
  {
    endpoint: 'communities',
    name: 'query-help',
    params: { query: 'help' },
    request: { path: '/v1/social-media:forum/communities', query: { query: 'help' } },
    response: { ok: true, count: 1, communities: [communityEntry('help')] },
  },
  {
    endpoint: 'community',
    name: 'mechanical-keyboards',
    params: { communityId: communities.keyboards.communityId },
    request: { path: `/v1/social-media:forum/community/${communities.keyboards.communityId}`, query: {} },
    response: {
      ok: true,
      community: {
        ...communityEntry('keyboards'),
        allowChat: true,
        allowTopic: true,
        totalPosts: 61240,
        totalMembers: 18420,
        totalThreads: 3184,
      },
    },
  },
  {
    endpoint: 'community',
    name: 'slash-in-id',
    params: { communityId: communities.strategy.communityId },
    request: { path: '/v1/social-media:forum/community/tabletop%2Fstrategy', query: {} },
    response: {
      ok: true,
      community: {
        ...communityEntry('strategy'),
        allowChat: false,
        allowTopic: true,
        totalPosts: 4310,
        totalMembers: 1275,
        totalThreads: 262,
      },
    },
  },
  {
    endpoint: 'user-posts',
    name: 'grain-gia',
    params: { userId: users.gia.userId, limit: 5 },
    request: { path: `/v1/social-media:forum/user-posts/${users.gia.userId}`, query: { limit: '5' } },
    response: {
      ok: true,
      page: 1,
      count: 5,
      items: giaPosts.slice(0, 5),
      total: giaPosts.length,
      userId: users.gia.userId,
      hasMore: true,
      nextPage: 2,
      totalIsCapped: false,
    },
  },
  {
    endpoint: 'user-posts',
    name: 'grain-gia-page-2',
    params: { userId: users.gia.userId, limit: 5, page: 2 },
    request: { path: `/v1/social-media:forum/user-posts/${users.gia.userId}`, query: { limit: '5', page: '2' } },
    response: {
      ok: true,
      page: 2,
      count: 3,
      items: giaPosts.slice(5),
      total: giaPosts.length,
      userId: users.gia.userId,
      hasMore: false,
      nextPage: null,
      totalIsCapped: false,
    },
  },
  {
    endpoint: 'user-posts',
    name: 'tactile-tom-capped-total',
    params: { userId: users.tom.userId, limit: 3 },
    request: { path: `/v1/social-media:forum/user-posts/${users.tom.userId}`, query: { limit: '3' } },
    response: {
      ok: true,
      page: 1,
      count: 3,
      items: tomPosts,
      total: 400,
      userId: users.tom.userId,
      hasMore: true,
      nextPage: 2,
      totalIsCapped: true,
    },
  },
  {
    endpoint: 'followers',
    name: 'tactile-tom',
    params: { userId: users.tom.userId, limit: 4 },
    request: { path: `/v1/social-media:forum/followers/${users.tom.userId}`, query: { limit: '4' } },
    response: {
      ok: true,
      count: 4,
      users: (['lena', 'kai', 'sam', 'hana'] as const).map(follower),
      userId: users.tom.userId,
      hasMore: true,
      nextCursor: followersCursor2,
    },
  },
  {
    endpoint: 'followers',
    name: 'tactile-tom-cursor-2',
    params: { userId: users.tom.userId, limit: 4, cursor: followersCursor2 },
    request: {
      path: `/v1/social-media:forum/followers/${users.tom.userId}`,
      query: { limit: '4', cursor: followersCursor2 },
    },
    response: {
      ok: true,
      count: 3,
      users: (['gus', 'theo', 'priya'] as const).map(follower),
      userId: users.tom.userId,
      hasMore: false,
      nextCursor: null,
    },
  },
]);
