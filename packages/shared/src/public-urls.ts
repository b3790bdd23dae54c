/**
 * Public addresses of the marketplace, reachable without an account (issue #13): the server-rendered
 * page of one posting (shared links, search engines, the job widget link to it).
 */
export const PUBLIC_POSTING_PATH_PREFIX = '/stellen';

export function publicPostingPath(vacancyId: string): string {
  return `${PUBLIC_POSTING_PATH_PREFIX}/${encodeURIComponent(vacancyId)}`;
}
