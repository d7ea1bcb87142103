/**
 * Agents: the accounts an agent opens, contracts, the agent home and the team tree and records.
 * What other code may use of this module; everything else in the folder is its own.
 */
export { contractPromptValues } from './services/agent-contracts';
export { assertAgent } from './services/agent-home';
export { seedTeam } from './services/team-seed';
