// The public face of the agent area: other areas, widgets and the app shell import from here only.
// Team screens: overview, members, profit and loss, betting.
export { TEAM_BETS_ENDPOINT, TEAM_MEMBERS_ENDPOINT, TEAM_OVERVIEW_ENDPOINT, TEAM_PNL_ENDPOINT, type TeamBet, type TeamBetPage, type TeamBetsQuery, type TeamFigures, type TeamMember, type TeamMemberPage, type TeamMembersQuery, type TeamOverview, type TeamPnlPage, type TeamPnlQuery, type TeamPnlRow, useTeamOverview } from './api/team';
export { TEAM_RANGE_CHOICES } from './components/team-range';
export { MemberFilter, type MemberFilterProps } from './components/member-filter';
// Agent accounts: opening accounts, downline rebate rates, the team's rebates.
export { AGENT_RATES_ENDPOINT, type AgentDownline, type AgentOpenBody, type AgentRate, type AgentRates, categoryLabel, checkRateText, failureOnField, openAgentAccount, type RateMessage, type RebateGameType, setDownlineRates, TEAM_REBATES_ENDPOINT, type TeamRebateRow, type TeamRebates, useAgentRates, useRevalidateAgentRates } from './api/agent-accounts';
// agent-home: agent home, red-envelope rain
export { AGENT_HOME_ENDPOINT, type AgentHome, useAgentHome } from './api/agent-home';
export { catchEnvelope, newEnvelopeKey, type RainCatch, type RainState, RED_RAIN_ENDPOINT, RED_RAIN_TEAM_ENDPOINT, type TeamCatches, useRedRain, useTeamCatches } from './api/red-rain';
export { greetingKey, zoneHour } from './greeting';
export { useMinuteClock, useSecondClock } from './use-clock';
// Contracts (salary, dividend, hourly) and the dividend page.
export { type Contract, contractFailure, type ContractKind, type ContractPage, type ContractTerms, decideContract, DIVIDEND_PAGE_ENDPOINT, type DividendPage, proposeContract, useContractPage, useDividendPage, useRevalidateContracts } from './api/contracts';
export { type ContractPrompt, contractPromptsOf, PROMPT_MEMORY_KEY, PROMPT_SKIPPED_TYPES, promptKey, readPromptMemory, rememberPrompt } from './contract-prompts';
