import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiFailure } from '../../../lib/api/client';
import { Icon } from '../../../components/icons';
import { currentLanguageCode } from '../../../lib/language';
import { backTarget, recordRecentPlay, requestLaunch, revalidateWallet, targetFromQuery, watchReturn } from '../launch';
import { LOGIN_PATH, useRuntime } from '../../../lib/runtime';
import { useHydrated } from '../../../lib/hydration';
import { RealityOverlay } from '../../protection';
import './launch-screen.css';

type Frame = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed'; messageKey: string };
type LaunchedFrame = Frame & { id: string };

/**
 * /m/launchGame: the in-page frame a game opens in when its window was blocked (or inside the app
 * shell). The query names the game (vendor, nodeId or gameId, roomId, supportPlay) and, for
 * lottery vendors, playType, prize_mode, code and pageBack=home. A bar above the frame always
 * leads back to the lobby; leaving the frame, focusing or showing the page again revalidates the
 * header balance.
 */
export default function LaunchScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { session, tenant } = useRuntime();
  const query = params.toString();
  const offered = tenant.games?.vendors;
  const target = useMemo(() => targetFromQuery(new URLSearchParams(query), offered), [query, offered]);
  const back = useMemo(() => backTarget(new URLSearchParams(query)), [query]);
  const hasSession = session !== null;
  const id = `${query}|${hasSession}`;
  const [launchedFrame, setFrame] = useState<LaunchedFrame | null>(null);
  // A frame of an earlier query is not shown while the new one loads.
  // Nothing to open (no vendor, no lottery the tenant offers): said, with the way back, rather than leaving the page unexplained.
  const frame: Frame = !target.vendor ? { status: 'failed', messageKey: 'launch_no_game' } : launchedFrame && launchedFrame.id === id ? launchedFrame : { status: 'loading' };
  const language = currentLanguageCode(i18n, tenant);
  // One launch per query and session: a launch token is single-use (StrictMode runs effects twice).
  const launched = useRef<string | null>(null);

  // The session is known only once the page runs in the browser (not while hydrating the server's HTML).
  const hydrated = useHydrated();

  useEffect(() => {
    if (!hydrated || launched.current === id) return;
    launched.current = id;
    // Launching is for members (spec section 6): a visitor goes to log in, unless the game is free to try.
    if (!hasSession && target.supportPlay !== true) {
      void navigate(LOGIN_PATH, { replace: true });
      return;
    }
    if (!target.vendor) return;
    requestLaunch(target, { language, returnUrl: back })
      .then((launch) => {
        if (launched.current !== id) return;
        setFrame({ id, status: 'ready', url: launch.url });
        if (hasSession) recordRecentPlay(target);
      })
      .catch((err: unknown) => {
        if (launched.current !== id) return;
        if (err instanceof ApiFailure && (err.errorCode === 'session.required' || err.errorCode === 'session.invalid')) {
          void navigate(LOGIN_PATH, { replace: true });
          return;
        }
        setFrame({ id, status: 'failed', messageKey: err instanceof ApiFailure ? err.messageKey : 'unknown_error' });
      });
  }, [hydrated, id, hasSession, target, language, back, navigate]);

  // The balance changes while a game is played: revalidate on return and when leaving the frame.
  useEffect(() => {
    const stop = watchReturn(() => void revalidateWallet());
    return () => {
      stop();
      void revalidateWallet();
    };
  }, []);

  return (
    <main className="launch-screen">
      <div className="launch-screen__bar">
        <button type="button" className="launch-screen__back" onClick={() => void navigate(back)}>
          <Icon name="chevron-right" className="icon--flip" />
          <span>{t('back')}</span>
        </button>
      </div>
      <RealityOverlay active={frame.status === 'ready' && hasSession} />
      {frame.status === 'ready' ? (
        <iframe className="launch-screen__frame" src={frame.url} title={t('game_centre')} allow="autoplay; fullscreen" referrerPolicy="same-origin" />
      ) : frame.status === 'failed' ? (
        <div className="launch-screen__message" role="alert">
          <p>{t(frame.messageKey as 'unknown_error')}</p>
          <button type="button" className="launch-screen__retry" onClick={() => void navigate(back)}>
            {t('back')}
          </button>
        </div>
      ) : (
        <p className="launch-screen__message" role="status">
          {t('loading')}
        </p>
      )}
    </main>
  );
}
