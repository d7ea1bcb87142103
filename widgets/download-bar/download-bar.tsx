import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../src/lib/i18n';
import { useSnapshot } from 'valtio';
import {
  appIconUrl,
  closeDownloadPopup,
  currentDevice,
  detectDevice,
  downloadLinks,
  downloadOptions,
  downloadPopupStore,
  iosAtLeast,
  iosGuideFor,
  isDownloadBarHidden,
  isDownloadBarVisible,
  MANUAL_PROFILE_IOS,
  openDownloadPopup,
  storeDownloadBarHidden,
  type Device,
  type DownloadLink,
  type DownloadOption,
} from '../../src/features/home';
import { Icon } from '../../src/components/icons';
import { Modal } from '../../src/components/modal';
import { DOWNLOAD_PATH, usePageUserAgent, useRuntime } from '../../src/lib/runtime';
import { useClientValue } from '../../src/lib/hydration';
import type { TranslationKey } from '../../src/lib/i18n-keys';

const OPTION_LABEL: Record<DownloadOption['kind'], TranslationKey> = {
  android: 'download_android',
  ios: 'download_ios',
  profile: 'profile_download',
  homeScreen: 'add_to_home_screen',
};

/** The download popup: the options of this device, the iOS notes and guide where they apply, and the way to the download page. */
function DownloadPopup({ device, links }: { device: Device; links: readonly DownloadLink[] }) {
  const { t } = useTranslation();
  const options = downloadOptions(device, links);
  const profile = options.find((o) => o.kind === 'profile');
  const guide = device.platform === 'ios' ? iosGuideFor(device.iosVersion) : null;
  const manualProfile = profile && device.iosVersion !== null && iosAtLeast(device.iosVersion, [MANUAL_PROFILE_IOS, 0]);
  return (
    <Modal labelledBy="download-popup-title" onDismiss={closeDownloadPopup} className="download-popup">
      <div className="modal__head">
        <h2 id="download-popup-title" className="modal__title">
          {t('download_app')}
        </h2>
        <button type="button" className="icon-button modal__close" aria-label={t('close')} onClick={closeDownloadPopup}>
          {'×'}
        </button>
      </div>
      {options.length === 0 ? <p className="modal__message">{t('no_data')}</p> : null}
      <ul className="download-popup__options">
        {options
          .filter((o) => o.kind !== 'profile' || !guide)
          .map((o) => (
            <li key={o.kind}>
              <a className="button button--primary download-popup__option" href={o.url} rel="noopener noreferrer" data-kind={o.kind}>
                <Icon name="download" />
                <span>{t(OPTION_LABEL[o.kind])}</span>
              </a>
            </li>
          ))}
      </ul>
      {device.platform === 'ios' ? <p className="download-popup__note">{t('ios_recommended')}</p> : null}
      {manualProfile ? <p className="download-popup__note">{t('ios17_profile_manual')}</p> : null}
      {guide ? (
        <section className="download-popup__guide" aria-labelledby="download-guide-title">
          <h3 id="download-guide-title">{t('ios_guide')}</h3>
          <p>{t(guide === 'ios12' ? 'ios_guide_12' : 'ios_guide_11')}</p>
          <p className="download-popup__note">{t(guide === 'ios12' ? 'ios_guide_12_steps' : 'ios_guide_11_steps')}</p>
          {profile ? (
            <a className="button button--secondary" href={profile.url} rel="noopener noreferrer" data-kind="profile">
              {t('profile_download')}
            </a>
          ) : null}
        </section>
      ) : null}
      <Link className="download-popup__more" to={DOWNLOAD_PATH} onClick={closeDownloadPopup}>
        {t('download_more_options')}
      </Link>
    </Modal>
  );
}

interface DownloadViewProps {
  bar: boolean;
  popup: boolean;
  device: Device;
  links: readonly DownloadLink[];
  onHide: () => void;
}

/** The bar (app icon, pitch, download button, hide control) and, when open, the popup. */
function DownloadView({ bar, popup, device, links, onHide }: DownloadViewProps) {
  const { t } = useTranslation();
  const icon = appIconUrl(links);
  return (
    <>
      {bar ? (
        <div className="download-bar" role="region" aria-label={t('download_app')}>
          <button type="button" className="icon-button download-bar__hide" aria-label={t('close')} onClick={onHide}>
            {'×'}
          </button>
          <img className="download-bar__icon" src={icon} alt="" width={32} height={32} />
          <span className="download-bar__text">{t('download_bar_text')}</span>
          <button type="button" className="download-bar__button" onClick={openDownloadPopup}>
            {t('download')}
          </button>
        </div>
      ) : null}
      {popup ? <DownloadPopup device={device} links={links} /> : null}
    </>
  );
}

/** Decides whether the bar shows (spec section 4) and renders it and the popup. */
export default function DownloadBarView({ requiredLogin }: { requiredLogin: boolean }) {
  const { tenant, startup, session, install } = useRuntime();
  // The device of the request's user agent first (as the server rendered), the browser's own after.
  const userAgent = usePageUserAgent();
  const deviceJson = useClientValue(() => JSON.stringify(currentDevice()), JSON.stringify(detectDevice(userAgent)));
  const device = useMemo(() => JSON.parse(deviceJson) as Device, [deviceJson]);
  // A bar hidden earlier is known from storage only in the browser: it hides right after hydration.
  const storedHidden = useClientValue(isDownloadBarHidden, false);
  const [dismissed, setHidden] = useState(false);
  const hidden = storedHidden || dismissed;
  const { open } = useSnapshot(downloadPopupStore, { sync: true });
  const links = downloadLinks(tenant, startup);
  const visible = isDownloadBarVisible({ install, device, links, hidden, session: session !== null, requiredLogin });
  if (!visible && !open) return null;
  const hide = () => {
    storeDownloadBarHidden();
    setHidden(true);
  };
  return <DownloadView bar={visible} popup={open} device={device} links={links} onHide={hide} />;
}
