import './styles.css';
import { useCallback, useEffect, useId, useMemo, useReducer, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { useLocation } from 'react-router-dom';
import type { GameListProps } from '../../src/generated/widgets/game-list';
import { ApiFailure } from '../../src/lib/api/client';
import {
  hasMorePages,
  useFavourites,
  useGameCategories,
  useGamePages,
  useGameTypes,
  withoutGame,
  type GameItem,
  type GamesPage,
} from '../../src/features/games';
import { useMemberInfo } from '../../src/features/account';
import { AccountFormHostContext } from '../../src/features/account';
import { GameCard } from '../../src/features/games';
import { hideLoading, showLoading, showToast } from '../../src/lib/feedback';
import { currentLanguageCode, useLanguageChange } from '../../src/lib/language';
import { useLaunchGame } from '../../src/features/games';
import { useMemberScope, useRuntime, useRuntimeActions } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { ListFooter, useInfiniteScroll, usePagedList } from '../../src/components/paged-list';
import { Modal } from '../../src/components/modal';
import { EmptyState } from '../../src/components/empty-state';
import { FilterPanel, SHEET, type FilterOption, type FilterValues } from './filter-panel';
import { LotteryDraws, PRIZE_MODE_OF } from './lottery-draws';
import { ALL_TAB_CLASSIFY, initialState, reducer, routeSelection, sourceOf, SLOT_TYPE, type GameListTab } from './state';

/** Tiles on the first screen of a phone (two rows of three): their icons load first. */
const FIRST_SCREEN_TILES = 6;

type QuickTab = NonNullable<GameListProps['quickTabs']>[number];

const QUICK_TAB: Record<QuickTab, { tab: 'recent' | 'fav' | 'hot'; label: 'recent' | 'favourites' | 'hot' }> = {
  recent: { tab: 'recent', label: 'recent' },
  favourites: { tab: 'fav', label: 'favourites' },
  hot: { tab: 'hot', label: 'hot' },
};

const DEFAULT_MIN_BETS: readonly number[] = [0.01, 0.05, 0.1, 0.5, 0.75];

const gamesOf = (page: GamesPage) => page.games;
const nodeIdOf = (game: GameItem) => game.nodeId;

function failureKey(err: unknown): string {
  return err instanceof ApiFailure ? err.messageKey : 'unknown_error';
}

function Sheet({ labelKey, onClose, children }: { labelKey: 'set_password'; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} frame={SHEET}>
      <div className="game-filter__head">
        <h2 id={titleId}>{t(labelKey)}</h2>
        <button type="button" className="game-filter__close" aria-label={t('close')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="game-filter__body">{children}</div>
    </Modal>
  );
}

/**
 * The game list (spec sections 2 and 4). State lives in a reducer (./state.ts), pages in
 * useSWRInfinite (src/features/games/api/games.ts) read through usePagedList, favourites in the
 * shared SWR entry of favourite ids.
 */
function GameList({
  gameType: fallbackType = SLOT_TYPE,
  quickTabs = ['recent', 'favourites', 'hot'],
  search: showSearch = true,
  filter: showFilter = true,
  vendorsPerView = 4,
  minBetOptions = DEFAULT_MIN_BETS as number[],
  freePlay = false,
  categoryLinks = [],
  children,
}: WidgetComponentProps<GameListProps>) {
  const { t, i18n } = useTranslation();
  const { tenant, session, requireLogin } = useRuntime();
  const { signedIn } = useRuntimeActions();
  const token = session?.token ?? null;
  const { pathname, search } = useLocation();
  const selection = useMemo(() => routeSelection(pathname, new URLSearchParams(search), fallbackType), [pathname, search, fallbackType]);
  const [state, dispatch] = useReducer(reducer, selection, (s) => initialState(s.gameType, s.vassalage));
  const [query, setQuery] = useState('');
  const [filterOpen, setFilterOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  // The route names another category or vendor (a link in the filter panel): start over.
  useEffect(() => {
    if (selection.gameType !== state.gameType || (selection.vassalage && selection.vassalage !== state.filter.vassalage)) {
      dispatch({ type: 'reset' });
      if (selection.vassalage) dispatch({ type: 'vendor', vassalage: selection.vassalage });
    }
    // Only a route change should restart the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selection]);

  // Spec: a language change reloads (debounced 200 ms by useLanguageChange).
  const [language, setLanguage] = useState(() => currentLanguageCode(i18n, tenant));
  useLanguageChange(setLanguage);

  const source = useMemo(() => sourceOf(state), [state]);
  const memberOnly = source.kind === 'recent' || source.kind === 'favourites';
  const gamePages = useGamePages(memberOnly && !token ? null : source, language, token, state.reload);
  const { isLoading, mutate } = gamePages;
  const isLastPage = useCallback((page: GamesPage) => !hasMorePages(source, page), [source]);
  const list = usePagedList(gamePages, { itemsOf: gamesOf, keyOf: nodeIdOf, isLastPage });
  const games = list.items;
  const favourites = useFavourites(token);
  // Keyed by member as the shell's loader keys it: one request serves both.
  const member = useMemberInfo(useMemberScope());
  const needsPassword = member.data?.passwordSet === false;
  const categories = useGameCategories(language);
  const slotTypes = useGameTypes(state.gameType === SLOT_TYPE ? 1 : null, language);
  const launch = useLaunchGame();

  useInfiniteScroll({
    enabled: list.canLoadMore,
    onLoadMore: list.loadNext,
    signal: games.length,
  });

  // Spec: hot and recent loads show a loading notice.
  const notice = (source.kind === 'hot' || source.kind === 'recent') && isLoading;
  useEffect(() => {
    if (!notice) return;
    showLoading('loading');
    return () => hideLoading();
  }, [notice]);

  // Every vendor's name and icon; the category's own vendors make the tabs.
  const vendorInfo = useMemo(() => new Map((categories.data?.vendors ?? []).map((v) => [v.vassalage, v])), [categories.data]);
  const vendors: (FilterOption & { icon: string })[] = useMemo(() => {
    const cat = categories.data?.categories.find((c) => c.gameCategory === state.gameType);
    return (cat?.vendorNames ?? []).map((v) => {
      const info = vendorInfo.get(v.vassalage);
      return { code: v.vassalage, name: info?.name ?? v.accountTypeName ?? v.vassalage, icon: info?.mobileSmallIcon ?? '' };
    });
  }, [categories.data, state.gameType, vendorInfo]);

  const selectTab = (tab: 'all' | 'recent' | 'fav' | 'hot') => {
    if ((tab === 'recent' || tab === 'fav') && !signedIn()) return requireLogin();
    dispatch({ type: 'tab', tab });
  };

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    dispatch({ type: 'search', gameName: query });
  };

  const clearSearch = () => {
    setQuery('');
    dispatch({ type: 'search', gameName: '' });
  };

  const onFavourite = useCallback(
    (game: GameItem) => {
      // A member's stars work once their view has arrived (right after hydration).
      if (!token) return signedIn() ? undefined : requireLogin();
      const ref = { nodeId: game.nodeId, vassalage: game.vassalage };
      if (favourites.isFavourite(game.nodeId)) {
        // Spec: removal is immediate locally; on the favourites tab the game disappears.
        if (source.kind === 'favourites') void mutate((pages) => withoutGame(pages, game.nodeId), { revalidate: false });
        favourites.remove(ref).catch((err: unknown) => {
          void showToast(failureKey(err));
          if (source.kind === 'favourites') void mutate();
        });
      } else {
        favourites.add(ref).catch((err: unknown) => void showToast(failureKey(err)));
      }
    },
    [token, signedIn, requireLogin, favourites, source.kind, mutate],
  );

  const onLaunch = useCallback(
    (game: GameItem) => {
      // Spec section 2: a visitor who launches a game is sent to /m/login (free play only when the tenant allows it).
      if (!signedIn() && !(freePlay && game.supportPlay)) return requireLogin();
      void launch(game, {
        onFailure: (failure) => {
          if (failure.errorCode !== 'password.not.set') return false;
          setPasswordOpen(true);
          return true;
        },
      });
    },
    [signedIn, freePlay, requireLogin, launch],
  );

  const onFilterSubmit = (values: FilterValues) => {
    if (values.gameClassify !== state.filter.gameClassify) setQuery('');
    dispatch({ type: 'apply', ...values });
    setFilterOpen(false);
  };

  const onFilterReset = () => {
    setQuery('');
    dispatch({ type: 'reset' });
    setFilterOpen(false);
  };

  const closeFilter = useCallback(() => setFilterOpen(false), []);
  const closePassword = useCallback(() => setPasswordOpen(false), []);
  const passwordHost = useMemo(
    () => ({
      onDone: () => {
        setPasswordOpen(false);
        void member.mutate();
      },
    }),
    [member],
  );

  const tabSelected = (tab: GameListTab, vassalage = '') =>
    state.tab === tab && (tab !== 'vendor' || state.filter.vassalage === vassalage);

  // Recent and favourites load nothing for a visitor: nothing to say below them.
  const idle = memberOnly && !token && list.status !== 'error' && list.status !== 'loading';
  // A search that found nothing says what was looked for, and where, and offers to clear it.
  const searched = source.kind === 'list' ? source.filter.gameName : source.kind === 'hot' ? source.gameName : undefined;
  const searchFoundNothing = list.status === 'empty' && Boolean(searched);

  return (
    <section className="game-list" data-game-type={state.gameType} style={{ ['--vendors-per-view' as string]: vendorsPerView }}>
      {PRIZE_MODE_OF[state.gameType] ? <LotteryDraws prizeMode={PRIZE_MODE_OF[state.gameType]} /> : null}
      <div className="game-list__top">
        {showSearch || showFilter ? (
          <form className="game-list__search" role="search" onSubmit={onSearch}>
            {showSearch ? (
              <>
                <input
                  type="search"
                  className="game-list__query"
                  value={query}
                  maxLength={64}
                  placeholder={t('search_game_name')}
                  aria-label={t('search_game_name')}
                  onChange={(e) => setQuery(e.target.value)}
                />
                <button type="submit" className="game-list__search-button">
                  {t('search')}
                </button>
              </>
            ) : null}
            {showFilter ? (
              <button type="button" className="game-list__filter-button" aria-haspopup="dialog" onClick={() => setFilterOpen(true)}>
                {t('filter')}
              </button>
            ) : null}
          </form>
        ) : null}
        {quickTabs.length > 0 ? (
          <div className="game-list__quick" role="tablist" aria-label={t('game_centre')}>
            {quickTabs.map((name) => {
              const { tab, label } = QUICK_TAB[name];
              return (
                <button key={name} type="button" role="tab" aria-selected={tabSelected(tab)} className="game-list__quick-tab" onClick={() => selectTab(tab)}>
                  {t(label)}
                </button>
              );
            })}
          </div>
        ) : null}
        <div className="game-list__vendors" role="tablist" aria-label={t('vendors')}>
          <button type="button" role="tab" aria-selected={tabSelected('all')} className="game-list__vendor-tab" onClick={() => selectTab('all')}>
            <span>{t('all')}</span>
          </button>
          {vendors.map((v) => (
            <button
              key={v.code}
              type="button"
              role="tab"
              aria-selected={tabSelected('vendor', v.code)}
              className="game-list__vendor-tab"
              data-vendor={v.code}
              onClick={() => dispatch({ type: 'vendor', vassalage: v.code })}
            >
              {v.icon ? <img src={v.icon} alt="" width={24} height={24} loading="lazy" /> : null}
              <span>{v.name}</span>
            </button>
          ))}
        </div>
      </div>

      {token && needsPassword && children ? (
        <div className="game-list__password">
          <p>{t('err_password_not_set')}</p>
          <button type="button" onClick={() => setPasswordOpen(true)}>
            {t('set_password')}
          </button>
        </div>
      ) : null}

      <ul className="game-list__grid" aria-busy={list.loading || list.loadingMore}>
        {games.map((game, index) => (
          <li key={game.nodeId}>
            <GameCard
              game={game}
              priority={index < FIRST_SCREEN_TILES}
              vendorName={vendorInfo.get(game.vassalage)?.name}
              favourite={token ? favourites.isFavourite(game.nodeId) : false}
              onLaunch={onLaunch}
              onFavourite={onFavourite}
            />
          </li>
        ))}
      </ul>
      {searchFoundNothing ? (
        <div className="game-list__no-match" role="status">
          <EmptyState messageKey="game_search_empty" params={{ query: searched ?? '', category: t(`cat_${state.gameType}`) }}>
            <button type="button" className="button button--secondary game-list__clear-search" onClick={clearSearch}>
              {t('game_search_clear')}
            </button>
          </EmptyState>
        </div>
      ) : null}
      <ListFooter status={idle || searchFoundNothing ? 'idle' : list.status} onRetry={list.retry} endNote={source.kind !== 'hot'} />

      {filterOpen ? (
        <FilterPanel
          slots={state.gameType === SLOT_TYPE}
          vendors={vendors}
          slotTypes={(slotTypes.data?.list ?? []).map((s) => ({ code: s.code, name: s.name }))}
          minBetOptions={minBetOptions}
          categoryLinks={categoryLinks}
          value={{ vassalage: state.filter.vassalage, gameClassify: state.filter.gameClassify, minBet: state.filter.minBet }}
          defaultClassify={ALL_TAB_CLASSIFY}
          onSubmit={onFilterSubmit}
          onReset={onFilterReset}
          onClose={closeFilter}
        />
      ) : null}
      {passwordOpen && children ? (
        <Sheet labelKey="set_password" onClose={closePassword}>
          <AccountFormHostContext.Provider value={passwordHost}>{children}</AccountFormHostContext.Provider>
        </Sheet>
      ) : null}
    </section>
  );
}

export default GameList;
