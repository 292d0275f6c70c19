// What every support feature's calls are built from: the ids, the paging windows, a text body.
import { z } from 'zod';

export const profileId = z.string().min(1).max(64);
export const objectId = z.string().trim().min(1).max(200);
export const searchText = z.string().max(200);
export const withProfile = z.object({ profileId });
export const pageWindow = {
  offset: z.int().min(0).max(10_000_000).default(0),
  limit: z.int().min(1).max(1000).default(100),
};
export const cursorWindow = {
  cursor: z.string().max(500).optional(),
  limit: z.int().min(1).max(100).default(20),
};
/** `fresh`: wait for the server (the cached copy comes back, with the reason, when it cannot be reached). */
export const freshness = { fresh: z.boolean().default(false) };
export const body = (max: number) => z.string().trim().min(1, 'text_required').max(max);
