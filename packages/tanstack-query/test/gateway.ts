/** The mock gateway with the job board, the web search and the forum, and a client for it. */
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures as jobboardFixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { websearch } from '@pdg/search-tools-websearch';
import { fixtures as websearchFixtures } from '@pdg/search-tools-websearch/fixtures';
import { forum } from '@pdg/social-media-forum';
import { fixtures as forumFixtures } from '@pdg/social-media-forum/fixtures';

export const providers = [jobboard, websearch, forum] as const;

export interface TestGateway {
  readonly gateway: RunningMockGateway;
  /** Each request the gateway received, as `provider endpoint`. */
  readonly requests: string[];
  readonly client: ReturnType<typeof clientFor>;
}

function clientFor(baseUrl: string) {
  return createClient({ providers, apiKey: 'test-key-tanstack-7c1d', baseUrl, retry: 0 });
}

export async function startGateway(): Promise<TestGateway> {
  const requests: string[] = [];
  const gateway = await startMockGateway({
    providers: [...providers],
    fixtures: [...jobboardFixtures, ...websearchFixtures, ...forumFixtures],
    onRequest: (request: MockRequestInfo) => requests.push(`${request.provider} ${request.endpoint}`),
  });
  return { gateway, requests, client: clientFor(gateway.url) };
}
