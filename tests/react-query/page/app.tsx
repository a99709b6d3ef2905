/**
 * A page as an app would write it: `@tanstack/react-query` with `@pdg/tanstack-query`'s options, listing the
 * SG jobs of the job board four at a time, the next four on a click. The page's address names the gateway
 * (`/?gateway=http://127.0.0.1:4010`).
 */
import { createClient, isPdgError } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { pdgInfiniteQueryOptions } from '@pdg/tanstack-query';
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';

const gateway = new URL(location.href).searchParams.get('gateway') ?? '';
// A key made up for the test: in a real page, only a key you can share (anyone can read it there).
const pdg = createClient({ providers: [jobboard], apiKey: 'made-up-browser-key', baseUrl: gateway, retry: 0 });
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

function Jobs() {
  const listing = useInfiniteQuery(
    pdgInfiniteQueryOptions(pdg, 'jobs:jobboard', 'browse', { country: 'SG', limit: 4 }),
  );
  if (listing.status === 'pending') return <p id="status">Loading jobs…</p>;
  if (listing.status === 'error') {
    return (
      <p id="status" data-state="error">
        {isPdgError(listing.error) ? `${listing.error.code}: ` : ''}
        {listing.error.message}
      </p>
    );
  }
  const { pages } = listing.data;
  const jobs = pages.flatMap((page) => page.items);
  return (
    <main>
      <p id="status" data-state={listing.isFetchingNextPage ? 'fetching' : 'ready'} data-pages={pages.length}>
        {jobs.length} of {pages[0]?.total ?? '?'} jobs
      </p>
      <ul id="jobs">
        {jobs.map((job) => (
          <li key={job.jobId} data-job-id={job.jobId}>
            {job.title}
          </li>
        ))}
      </ul>
      <button
        id="more"
        type="button"
        disabled={!listing.hasNextPage || listing.isFetchingNextPage}
        onClick={() => void listing.fetchNextPage()}
      >
        {listing.hasNextPage ? 'Load more' : 'All loaded'}
      </button>
    </main>
  );
}

const root = document.querySelector('#root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <QueryClientProvider client={queryClient}>
    <Jobs />
  </QueryClientProvider>,
);
