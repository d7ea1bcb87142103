/** True when dist/ or dist-ssr/ is missing or older than a source. */
export function siteIsStale(root: string): boolean;
/** `npm run build` when the build is stale; exits the process when the build fails. */
export function buildSiteIfStale(root: string, log?: (line: string) => void): void;
