import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { Link } from 'react-router-dom';
import { useHomeAnnouncements, type Device } from '../../src/features/home';
import { canOfferDownload, currentDevice, downloadLinks, openDownloadPopup } from '../../src/features/home';
import { Icon } from '../../src/components/icons';
import { useInView } from '../../src/components/use-in-view';
import { useContentLanguage } from '../../src/lib/language';
import { useInstallMode, useStartup, useTenant } from '../../src/lib/runtime';

/** Scrolling speed of the notice text: about 7 characters a second, at least 8 s a pass. */
function marqueeSeconds(text: string): number {
  return Math.max(8, Math.round(text.length / 7));
}

/** Home notice bar (spec section 2): player notices, tap to /m/notice (to the notice itself when there is one), a download button. */
export default function NoticeBarView({ to, download }: { to: string; download: boolean }) {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const startup = useStartup();
  const install = useInstallMode();
  const lang = useContentLanguage(i18n, tenant);
  const { data } = useHomeAnnouncements(lang);
  // The phone is known only in the browser: read after the first render, which stays the same on
  // the server, and before the browser paints, so that the button shows without a jump.
  const [device, setDevice] = useState<Device | null>(null);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- one render more, once, is the price of a first render without browser reads
  useLayoutEffect(() => setDevice(currentDevice()), []);
  const trackRef = useRef<HTMLSpanElement>(null);
  const inView = useInView(trackRef);
  const notices = (data?.notices ?? []).filter((n) => n.title);
  const titles = notices.map((n) => n.title);
  // One notice: the tap opens it; several: the list.
  const target = notices.length === 1 ? `${to}?id=${notices[0].id}` : to;
  const text = titles.length > 0 ? titles.join('\u2003\u2003') : t('no_announcement');
  const showDownload = download && device !== null && canOfferDownload(install, device, downloadLinks(tenant, startup));
  const style = { '--notice-duration': `${marqueeSeconds(text)}s` } as CSSProperties;
  const textClass = titles.length === 0 ? 'notice-bar__text' : `notice-bar__text notice-bar__text--moving${inView ? '' : ' notice-bar__text--paused'}`;

  return (
    <div className="notice-bar">
      <Link to={target} className="notice-bar__link">
        <span className="notice-bar__icon">
          <Icon name="notice" />
        </span>
        <span ref={trackRef} className="notice-bar__track">
          <span className={textClass} style={style}>
            {text}
          </span>
        </span>
      </Link>
      {showDownload ? (
        <button type="button" className="notice-bar__download" onClick={openDownloadPopup}>
          <Icon name="download" />
          <span>{t('download')}</span>
        </button>
      ) : null}
    </div>
  );
}
