import type { TrackResult } from '@portal/shared/logistics-schemas';
import { http } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-action.ts';

/**
 * GET /open/track?numbers=a,b: what the public may know of each number (public, rate-limited). Silent:
 * the page shows a failure itself. Answers in the request's language (the events' descriptions).
 */
export const track = (numbers: readonly string[]) => http.get<TrackResult[]>('/open/track', { params: { numbers: numbers.join(',') }, silent: true });

/** The public page loads no TanStack Query (docs/decisions/0006). */
export const useTrack = () => useAction(track);
