/**
 * Questions that take several gateway calls or a walk over many pages, over the mock gateway's jobboard and
 * forum, each answered two ways, as a careful model would: the same searches of the docs first
 * (`find_endpoints`, or `search_docs` in code mode), then a scripted sequence of `call_endpoint` calls asking
 * only for the fields the answer needs (`fields`; the arithmetic done by the script as the model would do it),
 * or one `execute` program. Shared by the test (answers equal) and the bench (bytes read).
 */

/** Calls a tool; its structured content, or a thrown error for a tool error. */
export type ToolCall = (name: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface Task {
  readonly name: string;
  readonly question: string;
  /** The words of each search a model makes before it calls: `find_endpoints` or `search_docs` with each. */
  readonly searches: readonly string[];
  /** The two-tool way, after the searches: call the endpoints (following `walk.resume` until done). */
  twoTools(call: ToolCall): Promise<unknown>;
  /** The code-mode way: one program. */
  readonly program: string;
}

type Job = {
  jobId: string;
  title: string;
  isRemote: boolean;
  postedAt: string;
  numberOfOpenings?: number;
  location?: { city?: string; countryCode?: string };
};
type Thread = {
  threadId: string;
  title: string;
  authorId: string;
  author: string;
  communityId: string;
  totalReplies: number;
  totalViews: number;
};

/** Every item of a paged endpoint through `call_endpoint`, following `walk.resume` until the walk is done. */
async function walkAll<T>(
  call: ToolCall,
  provider: string,
  endpoint: string,
  params: Record<string, unknown>,
  field: string,
  fields: readonly string[],
): Promise<T[]> {
  const items: T[] = [];
  let resume: unknown;
  for (let turn = 0; turn < 50; turn++) {
    const answer = await call('call_endpoint', {
      provider,
      endpoint,
      params,
      maxItems: 500,
      maxPages: 20,
      fields,
      ...(resume === undefined ? {} : { resume }),
    });
    items.push(...(answer[field] as T[]));
    const walk = answer.walk as { done: boolean; resume?: unknown };
    if (walk.done) return items;
    resume = walk.resume;
  }
  throw new Error(`${provider} ${endpoint}: the walk did not end in 50 calls`);
}

const byCountThenName = (a: [string, number], b: [string, number]) => b[1] - a[1] || a[0].localeCompare(b[0]);

export const tasks: readonly Task[] = [
  {
    name: 'remote-cities',
    question: 'Which three cities have the most remote jobs on the job board?',
    searches: ['job listings browse'],
    async twoTools(call) {
      const jobs = await walkAll<Job>(call, 'jobs:jobboard', 'browse', {}, 'items', [
        'items[].isRemote',
        'items[].location.city',
      ]);
      const counts = new Map<string, number>();
      for (const job of jobs) {
        if (job.isRemote)
          counts.set(job.location?.city ?? 'unknown', (counts.get(job.location?.city ?? 'unknown') ?? 0) + 1);
      }
      return [...counts]
        .sort(byCountThenName)
        .slice(0, 3)
        .map(([city, jobs]) => ({ city, jobs }));
    },
    program: `
      const counts = new Map<string, number>();
      for await (const job of pdg.items('jobs:jobboard', 'browse', {}, { maxPages: 50 })) {
        const city: string = job.location?.city ?? 'unknown';
        if (job.isRemote) counts.set(city, (counts.get(city) ?? 0) + 1);
      }
      return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3).map(([city, jobs]) => ({ city, jobs }));
    `,
  },
  {
    name: 'newest-remote-sg',
    question: 'Which companies posted the five newest remote jobs in Singapore, and for what employment type?',
    searches: ['job listings browse', 'one job in detail'],
    async twoTools(call) {
      const jobs = await walkAll<Job>(call, 'jobs:jobboard', 'browse', {}, 'items', [
        'items[].jobId',
        'items[].isRemote',
        'items[].postedAt',
        'items[].location.countryCode',
      ]);
      const newest = jobs
        .filter((job) => job.isRemote && job.location?.countryCode === 'SG')
        .sort((a, b) => b.postedAt.localeCompare(a.postedAt) || a.jobId.localeCompare(b.jobId))
        .slice(0, 5);
      const answers = [];
      for (const job of newest) {
        const detail = (
          await call('call_endpoint', {
            provider: 'jobs:jobboard',
            endpoint: 'job',
            params: { jobId: job.jobId },
            fields: ['title', 'company.name', 'employmentType'],
          })
        ).result as { title: string; company?: { name?: string }; employmentType?: string };
        answers.push({
          title: detail.title,
          company: detail.company?.name ?? null,
          employmentType: detail.employmentType ?? null,
        });
      }
      return answers;
    },
    program: `
      const found = [];
      for await (const job of pdg.items('jobs:jobboard', 'browse', {}, { maxPages: 50 })) {
        if (job.isRemote && job.location?.countryCode === 'SG') found.push(job);
      }
      found.sort((a, b) => b.postedAt.localeCompare(a.postedAt) || a.jobId.localeCompare(b.jobId));
      const answers = [];
      for (const job of found.slice(0, 5)) {
        const detail = await pdg.run('jobs:jobboard', 'job', { jobId: job.jobId });
        answers.push({ title: detail.title, company: detail.company?.name ?? null, employmentType: detail.employmentType ?? null });
      }
      return answers;
    `,
  },
  {
    name: 'most-replied-author',
    question: 'Which hot forum thread has the most replies, and how many threads has its author started?',
    searches: ['hot threads', 'user profile threads'],
    async twoTools(call) {
      const threads = await walkAll<Thread>(call, 'social-media:forum', 'hot', {}, 'threads', [
        'threads[].threadId',
        'threads[].title',
        'threads[].author',
        'threads[].authorId',
        'threads[].totalReplies',
      ]);
      const top = [...threads].sort(
        (a, b) => b.totalReplies - a.totalReplies || a.threadId.localeCompare(b.threadId),
      )[0] as Thread;
      const started = await walkAll<unknown>(
        call,
        'social-media:forum',
        'profile',
        { userId: top.authorId },
        'threads',
        ['threads[].threadId'],
      );
      return { title: top.title, replies: top.totalReplies, author: top.author, threadsStarted: started.length };
    },
    program: `
      const threads = await pdg.toArray(pdg.items('social-media:forum', 'hot', {}, { maxPages: 20 }));
      const top = threads.sort((a, b) => b.totalReplies - a.totalReplies || a.threadId.localeCompare(b.threadId))[0];
      let started = 0;
      for await (const _ of pdg.items('social-media:forum', 'profile', { userId: top.authorId }, { maxPages: 20 })) started++;
      return { title: top.title, replies: top.totalReplies, author: top.author, threadsStarted: started };
    `,
  },
  {
    name: 'most-viewed-communities',
    question: "For the three most-viewed hot threads, how many members does each one's community have?",
    searches: ['hot threads', 'community detail totals'],
    async twoTools(call) {
      const threads = await walkAll<Thread>(call, 'social-media:forum', 'hot', {}, 'threads', [
        'threads[].threadId',
        'threads[].title',
        'threads[].communityId',
        'threads[].totalViews',
      ]);
      const top = [...threads]
        .sort((a, b) => b.totalViews - a.totalViews || a.threadId.localeCompare(b.threadId))
        .slice(0, 3);
      const answers = [];
      for (const thread of top) {
        const { community } = (
          await call('call_endpoint', {
            provider: 'social-media:forum',
            endpoint: 'community',
            params: { communityId: thread.communityId },
            fields: ['community.name', 'community.totalMembers'],
          })
        ).result as { community: { name: string; totalMembers: number } };
        answers.push({ thread: thread.title, community: community.name, members: community.totalMembers });
      }
      return answers;
    },
    program: `
      const threads = await pdg.toArray(pdg.items('social-media:forum', 'hot', {}, { maxPages: 20 }));
      const top = threads.sort((a, b) => b.totalViews - a.totalViews || a.threadId.localeCompare(b.threadId)).slice(0, 3);
      const answers = [];
      for (const thread of top) {
        const { community } = await pdg.run('social-media:forum', 'community', { communityId: thread.communityId });
        answers.push({ thread: thread.title, community: community.name, members: community.totalMembers });
      }
      return answers;
    `,
  },
  {
    name: 'jobs-by-country',
    question:
      'Per country, how many jobs are listed, what share is remote, and how many openings do they offer in all?',
    searches: ['job listings browse'],
    async twoTools(call) {
      const jobs = await walkAll<Job>(call, 'jobs:jobboard', 'browse', {}, 'items', [
        'items[].isRemote',
        'items[].numberOfOpenings',
        'items[].location.countryCode',
      ]);
      const byCountry: Record<string, { jobs: number; remoteShare: number; openings: number }> = {};
      for (const job of jobs) {
        const country = job.location?.countryCode ?? 'unknown';
        const entry = byCountry[country] ?? { jobs: 0, remoteShare: 0, openings: 0 };
        byCountry[country] = entry;
        entry.jobs++;
        entry.remoteShare += job.isRemote ? 1 : 0;
        entry.openings += job.numberOfOpenings ?? 0;
      }
      for (const entry of Object.values(byCountry))
        entry.remoteShare = Math.round((entry.remoteShare / entry.jobs) * 100) / 100;
      return byCountry;
    },
    program: `
      const byCountry: Record<string, { jobs: number; remoteShare: number; openings: number }> = {};
      for await (const job of pdg.items('jobs:jobboard', 'browse', {}, { maxPages: 50 })) {
        const country = job.location?.countryCode ?? 'unknown';
        const entry = (byCountry[country] ??= { jobs: 0, remoteShare: 0, openings: 0 });
        entry.jobs++;
        entry.remoteShare += job.isRemote ? 1 : 0;
        entry.openings += job.numberOfOpenings ?? 0;
      }
      for (const entry of Object.values(byCountry)) entry.remoteShare = Math.round((entry.remoteShare / entry.jobs) * 100) / 100;
      return byCountry;
    `,
  },
];
