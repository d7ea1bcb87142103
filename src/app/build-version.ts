import { version } from '../../package.json';

/**
 * The version this site was built with (package.json at build time): the startup state offers a
 * reload when the server's is newer (src/lib/startup-state.ts). Only the app shell imports it
 * (a bundled JSON import; Node tools that load src/lib never reach it).
 */
export const BUILT_VERSION: string = version;
