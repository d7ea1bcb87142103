// The public face of the agent area: other areas, widgets and the app shell import from here only.
// Team screens: overview, members, profit and loss, betting.
export * from './api/team';
export * from './components/team-range';
export * from './components/member-filter';
// Agent accounts: opening accounts, downline rebate rates, the team's rebates.
export * from './api/agent-accounts';
// agent-home: agent home, red-envelope rain
export * from './api/agent-home';
export * from './api/red-rain';
export * from './greeting';
export * from './use-clock';
// Contracts (salary, dividend, hourly) and the dividend page.
export * from './api/contracts';
export * from './contract-prompts';
