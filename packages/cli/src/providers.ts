import type { AnyProvider, Fixture } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures as jobboardFixtures } from '@pdg/jobs-jobboard/fixtures';
import { catalogstore } from '@pdg/music-catalogstore';
import { fixtures as catalogstoreFixtures } from '@pdg/music-catalogstore/fixtures';
import { forum } from '@pdg/social-media-forum';
import { fixtures as forumFixtures } from '@pdg/social-media-forum/fixtures';

/** Every provider package the CLI ships with; a new provider package is added here. */
export const providers: readonly AnyProvider[] = [catalogstore, jobboard, forum];

/** Their fixtures, which the embedded mock gateway serves. */
export const fixtures: readonly Fixture[] = [...catalogstoreFixtures, ...jobboardFixtures, ...forumFixtures];
