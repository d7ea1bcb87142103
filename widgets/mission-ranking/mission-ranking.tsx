import './styles.css';
import type { MissionRankingProps } from '../../src/generated/widgets/mission-ranking';
import { useTranslation } from '../../src/lib/i18n';
import { currentLanguageCode } from '../../src/lib/language';
import { useMemberScope, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { useMissionRanking, useMissions } from '../../src/features/engagement';

function MissionRanking({ code, limit = 20 }: WidgetComponentProps<MissionRankingProps>) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const tenant = useTenant();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const memberScope = hydrated ? (signedIn && scope ? scope : '') : null;
  // Without a code the first mission's ranking shows: the list answer the tasks widget shares.
  const missions = useMissions(currentLanguageCode(i18n, tenant), code ? null : memberScope);
  const shown = code ?? missions.data?.list[0]?.code ?? null;
  const ranking = useMissionRanking(shown, memberScope);
  const data = ranking.data;

  return (
    <section className="mission-ranking" aria-busy={!data || undefined} data-testid="mission-ranking">
      <h2 className="mission-ranking__title">{t('mission_ranking_title')}</h2>
      {data?.mine ? (
        <p className="mission-ranking__mine" data-testid="mission-ranking-mine">
          {data.mine.rank === null ? t('mission_ranking_mine_none') : t('mission_ranking_mine', { rank: data.mine.rank, points: data.mine.points })}
        </p>
      ) : null}
      {data && data.list.length === 0 ? (
        <p className="mission-ranking__empty" data-testid="mission-ranking-empty">
          {t('mission_ranking_empty')}
        </p>
      ) : null}
      {data && data.list.length > 0 ? (
        <ol className="mission-ranking__list">
          {data.list.slice(0, limit).map((row, i) => (
            <li key={`${row.rank}-${row.name}-${i}`} className={`mission-ranking__row${row.rank <= 3 ? ' mission-ranking__row--top' : ''}`} data-testid="mission-ranking-row">
              <span className="mission-ranking__rank">{row.rank}</span>
              <span className="mission-ranking__name">{row.name}</span>
              <span className="mission-ranking__points">{t('mission_ranking_points', { points: row.points })}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

export default MissionRanking;
