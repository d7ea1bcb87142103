import './styles.css';
import { Link } from 'react-router-dom';
import type { TeamMembersProps } from '../../src/generated/widgets/team-members';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation } from '../../src/lib/i18n';
import { useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { formatRecordMoney, formatRecordTime, RecordListView, useRecordList, useRecordSearch, withParam } from '../../src/features/records';
import { MemberFilter, TEAM_MEMBERS_ENDPOINT, type TeamMember, type TeamMembersQuery } from '../../src/features/agent';
import { href } from '../../src/lib/routes';

/** The day of a time in the tenant's zone (YYYY-MM-DD). */
const dayOf = (iso: string | undefined, timeZone: string) => formatRecordTime(iso, timeZone).slice(0, 10);

/**
 * The direct downline of the agent, or of a sub-agent it drilled into (?parent=<username>, with
 * the path back up), newest first; a search (?search=) looks at every depth below. A member outside
 * the agent's team is refused by the server and said so here.
 */
function TeamMembers({ betsTo = href('teamBetting'), pageSize }: WidgetComponentProps<TeamMembersProps>) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const timeZone = tenantTimeZone(tenant);
  const symbol = tenant.settings.currency.symbol;
  const { params, replace } = useRecordSearch();
  const parent = params.get('parent') ?? '';
  const search = params.get('search') ?? '';
  const query: Omit<TeamMembersQuery, 'cursor'> = { ...(parent ? { parent } : {}), ...(search ? { search } : {}) };
  const list = useRecordList(TEAM_MEMBERS_ENDPOINT, query, { pageSize });
  const first = list.first;
  const open = (username: string | null) => replace(withParam(withParam(params, 'search', null), 'parent', username));
  const refused = parent !== '' && list.error?.errorCode === 'not.found';

  const row = (m: TeamMember) => (
    <li key={m.id} className="team-members__row" data-username={m.username}>
      <div className="team-members__head">
        <span className="team-members__name">{m.username}</span>
        <span className={`team-members__tag team-members__tag--${m.agent ? 'agent' : 'player'}`}>{t(m.agent ? 'team_tag_agent' : 'team_tag_player')}</span>
        <span className="team-members__tag">{t('team_level', { level: m.level })}</span>
        {m.vipLevel > 0 ? <span className="team-members__tag">{t('team_vip', { level: m.vipLevel })}</span> : null}
      </div>
      <dl className="team-members__facts">
        <div>
          <dt>{t('team_registered')}</dt>
          <dd>{dayOf(m.registeredAt, timeZone)}</dd>
        </div>
        <div>
          <dt>{t('team_last_login')}</dt>
          <dd>{m.lastLoginAt ? dayOf(m.lastLoginAt, timeZone) : t('team_never')}</dd>
        </div>
        {m.balance !== undefined ? (
          <div>
            <dt>{t('team_balance')}</dt>
            <dd data-balance>{formatRecordMoney(symbol, m.balance)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="team-members__actions">
        {m.teamSize > 0 || m.agent ? (
          <button type="button" className="team-members__action" onClick={() => open(m.username)}>
            {t('team_view_team', { count: m.teamSize })}
          </button>
        ) : null}
        <Link className="team-members__action" to={`${betsTo}?member=${encodeURIComponent(m.username)}`}>
          {t('team_view_bets')}
        </Link>
      </div>
    </li>
  );

  return (
    <section className="team-members" aria-label={t('team_members')}>
      <MemberFilter value={search} onChange={(next) => replace(withParam(params, 'search', next))} label="team_search" placeholder="team_search_hint" />
      {parent ? (
        <nav className="team-members__path" aria-label={t('team_path')}>
          <button type="button" className="team-members__crumb" onClick={() => open(null)}>
            {t('team_my_team')}
          </button>
          {(first?.path ?? [parent]).map((name) => (
            <span key={name} className="team-members__crumb-wrap">
              {name === parent ? (
                <span className="team-members__crumb team-members__crumb--current" aria-current="page">
                  {name}
                </span>
              ) : (
                <button type="button" className="team-members__crumb" onClick={() => open(name)}>
                  {name}
                </button>
              )}
            </span>
          ))}
        </nav>
      ) : null}
      {refused ? (
        <p className="team-members__refused" role="alert">
          {t('team_member_unknown', { username: parent })}
        </p>
      ) : (
        <>
          {first ? <p className="team-members__total">{t(search ? 'team_found' : 'team_direct_count', { count: first.total })}</p> : null}
          <RecordListView list={list} label={t('team_members')} renderRow={row} />
        </>
      )}
    </section>
  );
}

export default TeamMembers;
