import { describe, expect, test } from 'vitest';
import type { ProfileView } from '../../src-shared/contract/profiles.ts';
import { defaultProfile } from '../../src-renderer/features/connections/default-profile.ts';

const profile = (id: string, live: boolean) => ({ id, name: id, live }) as ProfileView;
const liveA = profile('live-a', true);
const liveB = profile('live-b', true);
const test1 = profile('test-1', false);

describe('the connection a view opens on', () => {
  test.each([
    ['the last one used, LIVE or not', [liveA, test1], 'live-a', 'live-a', false],
    ['a TEST one when none was used', [liveA, test1], undefined, 'test-1', false],
    ['a TEST one when the last used is gone', [liveA, test1], 'removed', 'test-1', false],
    ['LIVE, saying so, when every connection is LIVE', [liveA, liveB], undefined, 'live-a', true],
    ['the only one, LIVE, with nothing to say (its badge shows)', [liveA], undefined, 'live-a', false],
  ] as const)('%s', (_, profiles, lastUsed, opened, liveByDefault) => {
    const chosen = defaultProfile(profiles, lastUsed);
    expect(chosen.profile?.id).toBe(opened);
    expect(chosen.liveByDefault).toBe(liveByDefault);
  });

  test('none at all', () => {
    expect(defaultProfile([], 'x')).toEqual({ profile: undefined, liveByDefault: false });
  });
});
