import './styles.css';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { TeamOverviewProps } from '../../src/generated/widgets/team-overview';
import { useTranslation } from '../../src/lib/i18n';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { useMemberScope, useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { formatRecordMoney, formatSignedMoney, RangeBar, rangeOfSearch, rangeQuery, recordsPath, RecordsError, RecordsSkeleton, ResultCard, toneOf, useRecordSearch, withRange } from '../../src/features/records';
import { TEAM_RANGE_CHOICES, useTeamOverview, type TeamFigures } from '../../src/features/agent';
import { href } from '../../src/lib/routes';

interface Figure {
  id: keyof TeamFigures;
  label: TranslationKey;
  kind: 'count' | 'money' | 'signed';
}

const GROUPS: readonly { id: string; title: TranslationKey; figures: readonly Figure[] }[] = [
  {
    id: 'members',
    title: 'team_section_members',
    figures: [
      { id: 'members', label: 'team_fig_members', kind: 'count' },
      { id: 'newMembers', label: 'team_fig_new', kind: 'count' },
      { id: 'activeMembers', label: 'team_fig_active', kind: 'count' },
    ],
  },
  {
    id: 'money',
    title: 'team_section_money',
    figures: [
      { id: 'deposit', label: 'team_fig_deposit', kind: 'money' },
      { id: 'withdrawal', label: 'team_fig_withdrawal', kind: 'money' },
    ],
  },
  {
    id: 'bets',
    title: 'team_section_bets',
    figures: [
      { id: 'betCount', label: 'team_fig_bets', kind: 'count' },
      { id: 'stake', label: 'team_fig_turnover', kind: 'money' },
      { id: 'validTurnover', label: 'team_fig_valid', kind: 'money' },
      { id: 'win', label: 'team_fig_win', kind: 'money' },
      { id: 'net', label: 'team_fig_net', kind: 'signed' },
    ],
  },
];

/**
 * The team's figures over the chosen days (?range=...): the whole team's win or loss first, stated
 * from the members' side (a loss in red is the house's gain), then members, money and bets in
 * two columns, the direct downline beside the whole team.
 */
function TeamOverview({ membersTo = href('memberTeam'), pnlTo = href('teamPnl'), betsTo = href('teamBetting') }: WidgetComponentProps<TeamOverviewProps>) {
  const { t } = useTranslation();
  const id = useId();
  const symbol = useTenant().settings.currency.symbol;
  const { params, replace } = useRecordSearch();
  const range = rangeOfSearch(params);
  const overview = useTeamOverview(useMemberScope(), rangeQuery(range));
  const data = overview.data;

  let body;
  if (data) {
    const { team, direct } = data;
    const cell = (f: Figure, figures: TeamFigures) => {
      const value = figures[f.id];
      if (f.kind === 'count') return String(value);
      return f.kind === 'signed' ? formatSignedMoney(symbol, value) : formatRecordMoney(symbol, value);
    };
    body = (
      <>
        <ResultCard labelId={`${id}-net`} label="team_fig_net" amount={team.net} figure="result">
          <p className="team-overview__hint">{t('team_net_hint')}</p>
        </ResultCard>
        {GROUPS.map((group) => (
          <section key={group.id} className="team-overview__section" aria-labelledby={`${id}-${group.id}`}>
            <table className="team-overview__table" data-group={group.id}>
              <caption className="team-overview__section-title" id={`${id}-${group.id}`}>
                {t(group.title)}
              </caption>
              <thead>
                <tr>
                  <td />
                  <th scope="col">{t('team_part_direct')}</th>
                  <th scope="col">{t('team_part_team')}</th>
                </tr>
              </thead>
              <tbody>
                {group.figures.map((f) => (
                  <tr key={f.id} data-figure={f.id}>
                    <th scope="row">{t(f.label)}</th>
                    <td data-part="direct" className={f.kind === 'signed' ? `team-overview__value--${toneOf(direct[f.id])}` : undefined}>
                      {cell(f, direct)}
                    </td>
                    <td data-part="team" className={f.kind === 'signed' ? `team-overview__value--${toneOf(team[f.id])}` : undefined}>
                      {cell(f, team)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
        {team.members === 0 ? <p className="team-overview__empty">{t('team_empty')}</p> : null}
      </>
    );
  } else if (overview.error) {
    body = <RecordsError onRetry={() => void overview.mutate()} />;
  } else {
    // Also the server's render and before the member is known: the frame, filled once the figures load.
    body = <RecordsSkeleton rows={4} />;
  }

  return (
    <div className="team-overview">
      <RangeBar value={range} onChange={(next) => replace(withRange(params, next))} choices={TEAM_RANGE_CHOICES} />
      {body}
      <nav className="team-overview__links" aria-label={t('team_overview')}>
        <Link className="team-overview__link" to={membersTo}>
          {t('team_members')}
        </Link>
        <Link className="team-overview__link" to={recordsPath(pnlTo, range)}>
          {t('team_pnl')}
        </Link>
        <Link className="team-overview__link" to={recordsPath(betsTo, range)}>
          {t('team_betting')}
        </Link>
      </nav>
    </div>
  );
}

export default TeamOverview;
