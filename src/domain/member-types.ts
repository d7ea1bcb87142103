/**
 * Member types (the spec's memberType codes) and their groups, for the server and the browser.
 * Players (0), trial players (4) and test players (40) are not agents: they have no team, no
 * downline records, no agent notices and may not propose contracts; every other type is agent-like.
 */

/** The member types that are not agents: player, trial player, test player. */
export const NON_AGENT_TYPES: readonly number[] = [0, 4, 40];

/** True for an agent-like member type (any type but the non-agent ones). */
export const isAgentType = (type: number): boolean => !NON_AGENT_TYPES.includes(type);

/** Agent-like types (4, 40, 41, 42): no contract prompts, no dividend. */
export const CONTRACT_SKIPPED_TYPES: readonly number[] = [4, 40, 41, 42];

/** The types that may not sign a contract: the non-agents and the agent-like ones. */
export const CONTRACT_EXCLUDED_TYPES: readonly number[] = [...new Set([...NON_AGENT_TYPES, ...CONTRACT_SKIPPED_TYPES])];
