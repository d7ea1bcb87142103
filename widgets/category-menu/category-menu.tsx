import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { Link } from 'react-router-dom';
import { useGameCategories, useGameList, useHotGames, type Categories, type GameFilter, type GameItem } from '../../src/features/games';
import { GameCard } from '../../src/features/games';
import { useContentLanguage } from '../../src/lib/language';
import { useLaunchGame } from '../../src/features/games';
import { useRuntime } from '../../src/lib/runtime';
import { href } from '../../src/lib/routes';
import { buildCategoryMenu, inhouseVendor, panelKind, type MenuCategory, type MenuCategoryCode, type VendorEntry } from './rules';

/** Typing in the hot-game search waits this long before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

function GameGrid({ games, loading }: { games: readonly GameItem[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const launch = useLaunchGame();
  if (!games) return loading ? <div className="category-menu__loading" aria-hidden="true" /> : null;
  if (games.length === 0) return <p className="category-menu__empty">{t('no_data')}</p>;
  return (
    <ul className="category-menu__grid">
      {games.map((g) => (
        <li key={g.nodeId}>
          <GameCard game={g} onLaunch={(game) => void launch(game)} showVendor={false} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Hot games: the first `shown` of them and a button for the rest (home stays short, and a first
 * visit hydrates a dozen tiles rather than every hot game); a name search shows every match.
 */
function HotPanel({ lang, shown }: { lang: string; shown: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [all, setAll] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setName(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isLoading } = useHotGames(lang, undefined, name || undefined);
  return (
    <>
      <label className="category-menu__search">
        <span className="visually-hidden">{t('search_game_name')}</span>
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('search_game_name')} maxLength={64} enterKeyHint="search" />
      </label>
      <GameGrid games={all || name || !data ? data : data.slice(0, shown)} loading={isLoading} />
      {data && !all && !name && data.length > shown ? (
        <button type="button" className="category-menu__more" onClick={() => setAll(true)}>
          {t('more_games')}
        </button>
      ) : null}
    </>
  );
}

function ListPanel({ filter, lang, shown, more }: { filter: GameFilter; lang: string; shown: number; more: string }) {
  const { t } = useTranslation();
  const { data, isLoading } = useGameList(filter, lang);
  const first = data?.[0];
  return (
    <>
      <GameGrid games={first?.games.slice(0, shown)} loading={isLoading} />
      {first && first.games.length > 0 ? (
        <Link className="category-menu__more" to={more}>
          {t('more_games')}
        </Link>
      ) : null}
    </>
  );
}

function VendorPanel({ vendors, icons }: { vendors: readonly VendorEntry[]; icons: Categories['vendors'] }) {
  const { t } = useTranslation();
  const launch = useLaunchGame();
  if (vendors.length === 0) return <p className="category-menu__empty">{t('no_data')}</p>;
  return (
    <ul className="category-menu__vendors">
      {vendors.map((v) => {
        const icon = icons.find((i) => i.vassalage === v.vassalage)?.mobileSmallIcon ?? `/wps/game/icon/vendor/${v.vassalage}.png`;
        return (
          <li key={`${v.gameType}:${v.vassalage}`}>
            <button type="button" className="category-menu__vendor" onClick={() => void launch({ vassalage: v.vassalage, gameType: v.gameType })}>
              <img src={icon} alt="" width={120} height={120} loading="lazy" decoding="async" />
              <span>{v.accountTypeName}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Panel({ category, lang, shown, icons }: { category: MenuCategory; lang: string; shown: number; icons: Categories['vendors'] }) {
  switch (panelKind(category.code)) {
    case 'hot':
      return <HotPanel lang={lang} shown={shown} />;
    case 'gameType':
      return <ListPanel filter={{ gameType: category.code as GameFilter['gameType'] }} lang={lang} shown={shown} more={href('gameList', { gameType: category.code })} />;
    case 'inhouse': {
      const vendor = inhouseVendor(category);
      return <ListPanel filter={{ gameType: 'RNG', vassalage: vendor }} lang={lang} shown={shown} more={href('slotsCenter', { vassalage: vendor })} />;
    }
    case 'vendors':
      return <VendorPanel vendors={category.vendors} icons={icons} />;
  }
}

/** Popular games with the category menu: a tab per category, the active one's games or vendors below. */
export default function CategoryMenuView({ gamesShown }: { gamesShown: number }) {
  const { t, i18n } = useTranslation();
  const { tenant } = useRuntime();
  // Spec section 4: a language change reloads the vendors and hot games 200 ms later.
  const lang = useContentLanguage(i18n, tenant);
  const { data, error } = useGameCategories(lang);
  const menu = useMemo(() => buildCategoryMenu(data?.sorting ?? tenant.categories.sorting, data?.categories ?? []), [data, tenant]);
  const [active, setActive] = useState<MenuCategoryCode>('HOT');
  const tabs = useRef<HTMLDivElement>(null);
  const current = menu.find((c) => c.code === active) ?? menu[0];

  if (!data && !error) return <section className="category-menu category-menu--loading" aria-hidden="true" />;

  const onKeyDown = (e: KeyboardEvent) => {
    const i = menu.findIndex((c) => c.code === current.code);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? menu.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const target = menu[(next + menu.length) % menu.length];
    setActive(target.code);
    tabs.current?.querySelector<HTMLButtonElement>(`[data-category="${target.code}"]`)?.focus();
  };

  return (
    <section className="category-menu">
      <div ref={tabs} className="category-menu__tabs" role="tablist">
        {menu.map((c) => {
          const selected = c.code === current.code;
          return (
            <button
              key={c.code}
              type="button"
              role="tab"
              id={`category-tab-${c.code}`}
              data-category={c.code}
              aria-selected={selected}
              aria-controls="category-panel"
              tabIndex={selected ? 0 : -1}
              className={selected ? 'category-menu__tab category-menu__tab--active' : 'category-menu__tab'}
              onClick={() => setActive(c.code)}
              onKeyDown={onKeyDown}
            >
              {t(`cat_${c.code}`)}
            </button>
          );
        })}
      </div>
      <div id="category-panel" role="tabpanel" aria-labelledby={`category-tab-${current.code}`} className="category-menu__panel">
        <Panel key={current.code} category={current} lang={lang} shown={gamesShown} icons={data?.vendors ?? []} />
      </div>
    </section>
  );
}
