// The public face of the agent area: other areas, widgets and the app shell import from here only.
// Team screens: overview, members, profit and loss, betting.
export { TEAM_BETS_ENDPOINT, TEAM_MEMBERS_ENDPOINT, TEAM_PNL_ENDPOINT, type TeamBet, type TeamBetPage, type TeamBetsQuery, type TeamFigures, type TeamMember, type TeamMemberPage, type TeamMembersQuery, type TeamOverview, type TeamPnlPage, type TeamPnlQuery, type TeamPnlRow, useTeamOverview } from './api/team';
export { TEAM_RANGE_CHOICES } from './components/team-range';
export { MemberFilter } from './components/member-filter';
// Agent accounts: opening accounts, downline rebate rates, the team's rebates.
export { type AgentDownline, type AgentRate, type AgentRates, categoryLabel, checkRateText, failureOnField, openAgentAccount, type RebateGameType, setDownlineRates, TEAM_REBATES_ENDPOINT, type TeamRebateRow, type TeamRebates, useAgentRates, useRevalidateAgentRates } from './api/agent-accounts';
// agent-home: agent home, red-envelope rain
export { type AgentHome } from './api/agent-home';
export { type RainState } from './api/red-rain';
export { greetingKey, zoneHour } from './greeting';
;
// Contracts (salary, dividend, hourly) and the dividend page.
export { type Contract, contractFailure, type ContractPage, type ContractTerms, decideContract, type DividendPage, proposeContract, useContractPage, useDividendPage, useRevalidateContracts } from './api/contracts';
export { type ContractPrompt, contractPromptsOf, promptKey, readPromptMemory, rememberPrompt } from './contract-prompts';
