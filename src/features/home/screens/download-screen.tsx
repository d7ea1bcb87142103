import './download-screen.css';
import { useMemo, type ReactNode } from 'react';
import { Icon } from '../../../components/icons';
import { useTranslation } from '../../../lib/i18n';
import type { TranslationKey } from '../../../lib/i18n-keys';
import { useInstallMode, usePageUserAgent, useStartup, useTenant } from '../../../lib/runtime';
import { useClientValue } from '../../../lib/hydration';
import {
  appIconUrl,
  currentDevice,
  detectDevice,
  downloadLinks,
  downloadPlan,
  profileStepsFor,
  type Device,
  type DownloadOption,
  type HomeScreenGuide,
} from '../download';
import { promptInstall, useInstallPrompt } from '../install-prompt';

/** The page's own glyphs (24-unit strokes, as src/components/icons). */
const GLYPHS = {
  android: ['M5 17v-4a7 7 0 0 1 14 0v4z', 'M8.5 7.5L7 5', 'M15.5 7.5L17 5', 'M9.5 12h.01', 'M14.5 12h.01', 'M7 17v3', 'M17 17v3'],
  ios: ['M12 7.5c-1.6-1.2-6-1.4-6 3.8 0 3.7 2.7 9 5 7.7.6-.3 1.4-.3 2 0 2.3 1.3 5-4 5-7.7 0-5.2-4.4-5-6-3.8z', 'M12 7.5c0-2 1.2-3.6 3.2-4'],
  profile: ['M6 3h8l4 4v14H6z', 'M14 3v4h4', 'M9 14l2 2 4-4'],
  homeScreen: ['M7 2h10v20H7z', 'M12 8v6', 'M9 11h6', 'M11 19h2'],
  share: ['M12 3v11', 'M8.5 6.5L12 3l3.5 3.5', 'M7 10H5v11h14V10h-2'],
} as const;

type GlyphName = keyof typeof GLYPHS;

function Glyph({ name }: { name: GlyphName }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {GLYPHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

const OPTION_TEXT: Record<Exclude<DownloadOption['kind'], 'homeScreen'>, { title: TranslationKey; note: TranslationKey; action: TranslationKey }> = {
  android: { title: 'download_android', note: 'download_android_note', action: 'download' },
  ios: { title: 'download_ios', note: 'download_ios_note', action: 'download' },
  profile: { title: 'profile_download', note: 'download_profile_note', action: 'download' },
};

const HOME_SCREEN_STEPS: Record<Exclude<HomeScreenGuide, 'prompt'>, readonly TranslationKey[]> = {
  iosShare: ['home_screen_ios_step_1', 'home_screen_ios_step_2', 'home_screen_ios_step_3'],
  androidMenu: ['home_screen_android_step_1', 'home_screen_android_step_2'],
};

const PROFILE_STEPS: Record<ReturnType<typeof profileStepsFor>, TranslationKey> = {
  ios11: 'ios_guide_11_steps',
  ios12: 'ios_guide_12_steps',
  current: 'ios_profile_steps',
};

interface CardProps {
  glyph: GlyphName;
  title: string;
  note: string;
  recommended: boolean;
  kind: string;
  action?: ReactNode;
  children?: ReactNode;
}

/** One way to install: what it is, why, the action and, where it needs them, the steps. */
function OptionCard({ glyph, title, note, recommended, kind, action, children }: CardProps) {
  const { t } = useTranslation();
  return (
    <li className={recommended ? 'download-card download-card--recommended' : 'download-card'} data-kind={kind}>
      <div className="download-card__head">
        <span className="download-card__glyph">
          <Glyph name={glyph} />
        </span>
        <span className="download-card__text">
          <span className="download-card__title">
            {title}
            {recommended ? <span className="download-card__badge">{t('download_recommended')}</span> : null}
          </span>
          <span className="download-card__note">{note}</span>
        </span>
      </div>
      {action}
      {children}
    </li>
  );
}

function Steps({ keys }: { keys: readonly TranslationKey[] }) {
  const { t } = useTranslation();
  return (
    <ol className="download-card__steps">
      {keys.map((k) => (
        <li key={k}>{t(k)}</li>
      ))}
    </ol>
  );
}

/**
 * The download page (spec section 2, "Other screens"): every way this device can install the
 * app, the best fit first, each with its steps; then the app links of the other platforms. The
 * server renders the visitor's device from the request's user agent; the browser's own install
 * offer and installed state are known only after hydration.
 */
export default function DownloadScreen() {
  const { t } = useTranslation();
  const tenant = useTenant();
  const startup = useStartup();
  const install = useInstallMode();
  const prompt = useInstallPrompt();
  const userAgent = usePageUserAgent();
  const deviceJson = useClientValue(() => JSON.stringify(currentDevice()), JSON.stringify(detectDevice(userAgent)));
  const device = useMemo(() => JSON.parse(deviceJson) as Device, [deviceJson]);
  const links = downloadLinks(tenant, startup);
  const plan = downloadPlan({ install, device, links, promptAvailable: prompt.available });
  const installed = plan.installed || prompt.installed;

  const cards: ReactNode[] = [];
  // The best fit is the one primary button; the others stay quieter.
  const actionClass = () => `button ${cards.length === 0 ? 'button--primary' : 'button--secondary'} download-card__action`;
  for (const option of plan.options) {
    if (option.kind === 'homeScreen') continue;
    const text = OPTION_TEXT[option.kind];
    cards.push(
      <OptionCard
        key={option.kind}
        kind={option.kind}
        glyph={option.kind}
        title={t(text.title)}
        note={t(text.note)}
        recommended={cards.length === 0}
        action={
          <a className={actionClass()} href={option.url} rel="noopener noreferrer">
            <Icon name="download" />
            <span>{t(text.action)}</span>
          </a>
        }
      >
        {option.kind === 'profile' ? <Steps keys={[PROFILE_STEPS[profileStepsFor(device.iosVersion)]]} /> : null}
      </OptionCard>,
    );
  }
  if (plan.homeScreen) {
    const guide = plan.homeScreen;
    cards.push(
      <OptionCard
        key="homeScreen"
        kind="homeScreen"
        glyph={guide === 'iosShare' ? 'share' : 'homeScreen'}
        title={t('add_to_home_screen')}
        note={t('home_screen_note')}
        recommended={cards.length === 0}
        action={
          guide === 'prompt' ? (
            <button type="button" className={actionClass()} onClick={() => void promptInstall()}>
              <Icon name="download" />
              <span>{t('home_screen_install')}</span>
            </button>
          ) : null
        }
      >
        {guide === 'prompt' ? null : <Steps keys={HOME_SCREEN_STEPS[guide]} />}
      </OptionCard>,
    );
  }

  return (
    <main className="screen screen--download">
      <section className="download-hero">
        <img className="download-hero__icon" src={appIconUrl(links)} alt="" width={72} height={72} />
        <p className="download-hero__name">{tenant.brand.name}</p>
        <p className="download-hero__lead">{t('download_bar_text')}</p>
      </section>
      {installed ? (
        <p className="download-status" role="status">
          {t('download_installed')}
        </p>
      ) : (
        <section className="download-section" aria-labelledby="download-device-title">
          <h2 id="download-device-title" className="download-section__title">
            {t('download_for_device')}
          </h2>
          {cards.length > 0 ? <ul className="download-list">{cards}</ul> : <p className="download-status">{t('download_none')}</p>}
        </section>
      )}
      {!installed && plan.others.length > 0 ? (
        <section className="download-section" aria-labelledby="download-others-title">
          <h2 id="download-others-title" className="download-section__title">
            {t('download_other_devices')}
          </h2>
          <ul className="download-others">
            {plan.others.map((o) => (
              <li key={o.kind}>
                <a className="download-others__link" href={o.url} rel="noopener noreferrer" data-kind={o.kind}>
                  <Glyph name={o.kind === 'android' ? 'android' : 'ios'} />
                  <span>{t(o.kind === 'android' ? 'download_android' : 'download_ios')}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
