/**
 * A game tile (spec section 3 game item): icon, name, vendor and a favourite star. Shared by the
 * game list and the home blocks; it fetches nothing itself: the host passes the favourite state
 * and the handlers (`onLaunch` must call `launchGame` synchronously, see src/features/games/launch.ts).
 */
import './game-card.css';
import { memo, type MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** The fields a tile reads; a full GameItem fits, and so do the spec's older shapes (showIcon, nodeName). */
export interface GameCardGame {
  nodeId: string;
  gameName?: string | null;
  nodeName?: string | null;
  vassalage?: string | null;
  iconUrl?: string | null;
  showIcon?: string | null;
  mobileSmallIcon?: string | null;
  mobileLargeIcon?: string | null;
  gameClassifyNew?: boolean | null;
  supportPlay?: boolean | null;
}

export interface GameCardProps<G extends GameCardGame = GameCardGame> {
  game: G;
  /** Star state; leave undefined to show no star. */
  favourite?: boolean;
  /** Tap on the tile. Runs inside the tap handler, so it may open a window. */
  onLaunch?: (game: G) => void;
  /** Tap on the star. */
  onFavourite?: (game: G) => void;
  /** Vendor line under the name (default shown). */
  showVendor?: boolean;
  /** Vendor display name; defaults to the vendor code. */
  vendorName?: string;
  /** large uses mobileLargeIcon (home's popular games). */
  size?: 'small' | 'large';
  className?: string;
  /** A tile of the first screenful: its icon is fetched at once (the page's largest element may be one). */
  priority?: boolean;
}

/** The game's display name (gameName, else nodeName). */
function gameNameOf(game: GameCardGame): string {
  return game.gameName || game.nodeName || '';
}

/** The icon to show for a size (iconUrl / showIcon, then the size's own icon). */
function gameIconOf(game: GameCardGame, size: 'small' | 'large' = 'small'): string {
  const sized = size === 'large' ? game.mobileLargeIcon : game.mobileSmallIcon;
  return sized || game.iconUrl || game.showIcon || game.mobileSmallIcon || '';
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path
        d="M12 3.2l2.7 5.5 6 .9-4.35 4.25 1 6-5.35-2.8-5.35 2.8 1-6L3.3 9.6l6-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinejoin="round"
      />
    </svg>
  );
}

function GameCardView<G extends GameCardGame>({
  game,
  favourite,
  onLaunch,
  onFavourite,
  showVendor = true,
  vendorName,
  size = 'small',
  className,
  priority = false,
}: GameCardProps<G>) {
  const { t } = useTranslation();
  const name = gameNameOf(game);
  const icon = gameIconOf(game, size);
  const onStar = (e: MouseEvent) => {
    e.stopPropagation();
    onFavourite?.(game);
  };
  return (
    <div className={`game-card game-card--${size}${className ? ` ${className}` : ''}`} data-node-id={game.nodeId}>
      <button type="button" className="game-card__launch" onClick={() => onLaunch?.(game)} aria-label={name}>
        <span className="game-card__icon">
          {icon ? (
            <img
              src={icon}
              alt=""
              width={size === 'large' ? 240 : 120}
              height={size === 'large' ? 240 : 120}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
            />
          ) : null}
          {game.gameClassifyNew ? <span className="game-card__badge">{t('new')}</span> : null}
        </span>
        <span className="game-card__name">{name}</span>
        {showVendor && (vendorName || game.vassalage) ? <span className="game-card__vendor">{vendorName || game.vassalage}</span> : null}
      </button>
      {favourite !== undefined ? (
        <button
          type="button"
          className={`game-card__star${favourite ? ' game-card__star--on' : ''}`}
          aria-pressed={favourite}
          aria-label={t('favourites')}
          onClick={onStar}
        >
          <StarIcon filled={favourite} />
        </button>
      ) : null}
    </div>
  );
}

/** A game tile. Memoised: long lists re-render only the tiles whose props changed. */
export const GameCard = memo(GameCardView) as typeof GameCardView;
