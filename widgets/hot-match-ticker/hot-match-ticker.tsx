import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { useHomeAnnouncements, type Announcements } from '../../src/features/home';
import { useContentLanguage } from '../../src/lib/language';
import { useLaunchGame } from '../../src/features/games';
import { Modal } from '../../src/components/modal';
import { useInView } from '../../src/components/use-in-view';
import { useStepLoop } from '../../src/components/step-loop';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTenant, useZone } from '../../src/lib/runtime';
import { formatMatchTime, tickerLoop } from './rules';

export type HotMatch = Announcements['hotMatches'][number];

/**
 * Start times in the tenant's time zone, so they read the same on the server and on every phone;
 * with the server's offsets for the zone (the page's config), without Intl.
 */
function useMatchTime(): (iso: string) => string {
  const timeZone = tenantTimeZone(useTenant());
  const zone = useZone();
  return (iso) => formatMatchTime(iso, timeZone, zone);
}

function TickerLine({ match, copy = false }: { match: HotMatch; copy?: boolean }) {
  const { t } = useTranslation();
  const matchTime = useMatchTime();
  return (
    <span className="hot-match-ticker__line" aria-hidden={copy || undefined}>
      <span className="hot-match-ticker__league">{match.league}</span>
      <span className="hot-match-ticker__teams">
        {match.homeTeam} <b>{t('vs')}</b> {match.awayTeam}
      </span>
      <time className="hot-match-ticker__time" dateTime={match.matchTime}>
        {matchTime(match.matchTime)}
      </time>
    </span>
  );
}

/** The lines on a reel that steps up one line at a time and loops while on screen. */
function TickerReel({ matches }: { matches: readonly HotMatch[] }) {
  const windowRef = useRef<HTMLSpanElement>(null);
  const reelRef = useRef<HTMLSpanElement>(null);
  const inView = useInView(windowRef);
  useStepLoop(reelRef, tickerLoop(matches.length), inView);
  return (
    <span ref={windowRef} className="hot-match-ticker__window">
      <span ref={reelRef} className="hot-match-ticker__reel">
        {matches.map((m) => (
          <TickerLine key={m.id} match={m} />
        ))}
        {/* The first line again, where the loop wraps; screen readers already had it. */}
        <TickerLine match={matches[0]} copy />
      </span>
    </span>
  );
}

function Team({ name, image }: { name: string; image: string }) {
  return (
    <span className="hot-match__team">
      <img src={image} alt="" width={40} height={40} loading="lazy" decoding="async" />
      <span className="hot-match__team-name">{name}</span>
    </span>
  );
}

/** The hot-match popup: every match with its league, teams, start time, VS and a play button. */
function HotMatchPopup({ matches, onClose }: { matches: readonly HotMatch[]; onClose: () => void }) {
  const { t } = useTranslation();
  const matchTime = useMatchTime();
  const launch = useLaunchGame();
  // Spec: a match or its play button launches the game directly (vendor, room, node, free play), no choice dialog.
  const play = (m: HotMatch) => void launch({ vendor: m.vendor, roomId: m.roomId, nodeId: m.nodeId, supportPlay: m.supportPlay });
  return (
    <Modal labelledBy="hot-match-title" onDismiss={onClose} className="hot-match-popup">
      <div className="modal__head">
        <h2 id="hot-match-title" className="modal__title">
          {t('hot_matches')}
        </h2>
        <button type="button" className="icon-button modal__close" aria-label={t('close')} onClick={onClose}>
          {'×'}
        </button>
      </div>
      <ul className="hot-match-popup__list">
        {matches.map((m) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the whole match is a larger tap target; its play button is the keyboard and screen-reader control for the same launch
          <li key={m.id} className="hot-match" data-testid="hot-match" onClick={() => play(m)}>
            <div className="hot-match__head">
              <span className="hot-match__league">{m.league}</span>
              <time className="hot-match__time" dateTime={m.matchTime}>
                {matchTime(m.matchTime)}
              </time>
            </div>
            <div className="hot-match__body">
              <Team name={m.homeTeam} image={m.homeTeamImageUrl} />
              <span className="hot-match__vs">{t('vs')}</span>
              <Team name={m.awayTeam} image={m.awayTeamImageUrl} />
            </div>
            <button
              type="button"
              className="hot-match__play"
              onClick={(e) => {
                e.stopPropagation();
                play(m);
              }}
            >
              {t('in_bet')} {'>>'}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** The vertical ticker: one match a line; a tap opens the popup. */
export function Ticker({ matches }: { matches: readonly HotMatch[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    setOpen(true);
  };
  return (
    <section className="hot-match-ticker" aria-label={t('hot_matches')}>
      {/* A role=button box rather than a <button>: the reel inside is laid out in blocks. */}
      <div
        role="button"
        tabIndex={0}
        className="hot-match-ticker__button"
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        aria-haspopup="dialog"
      >
        <span className="hot-match-ticker__badge">{t('hot')}</span>
        {matches.length > 1 ? (
          <TickerReel matches={matches} />
        ) : (
          <span className="hot-match-ticker__static">
            <TickerLine match={matches[0]} />
          </span>
        )}
      </div>
      {open ? <HotMatchPopup matches={matches} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

/** The home's hot matches (the home announcements' H entries); nothing without matches. */
export default function HotMatchTickerView() {
  const { i18n } = useTranslation();
  const tenant = useTenant();
  const lang = useContentLanguage(i18n, tenant);
  const { data } = useHomeAnnouncements(lang);
  const matches = data?.hotMatches ?? [];
  if (!data) return <div className="hot-match-ticker" aria-hidden="true" />;
  if (matches.length === 0) return null;
  return <Ticker matches={matches} />;
}
