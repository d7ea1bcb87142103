import type { MouseEvent, Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Announcements } from '../../src/features/home';
import { useLinkOpen } from '../../src/lib/runtime';

export type Banner = Announcements['banners'][number];

/** Banner images are 750 x 300 (the aspect ratio the placeholder reserves). */
const BANNER_WIDTH = 750;
const BANNER_HEIGHT = 300;

function isExternal(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

/** A path on this site, never another origin (//host) or a script URL. */
export function isSitePath(link: string): boolean {
  return /^\/(?![/\\])/.test(link);
}

/**
 * One banner: its image, wrapped in a link when it has one (in-app paths navigate, http(s) opens a
 * new tab). The first banner is the home page's largest element, so its image is fetched first;
 * the others wait until they come near the view.
 */
export function BannerLink({ banner, first, imageRef }: { banner: Banner; first: boolean; imageRef?: Ref<HTMLImageElement> }) {
  const navigate = useNavigate();
  const linkOpen = useLinkOpen();
  const img = (
    <img
      ref={imageRef}
      className="banner-carousel__img"
      src={banner.url}
      alt={banner.title}
      width={BANNER_WIDTH}
      height={BANNER_HEIGHT}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding="async"
      draggable={false}
    />
  );
  const link = banner.link ?? '';
  if (isExternal(link)) {
    return (
      <a className="banner-carousel__link" href={link} target="_blank" rel="noopener noreferrer">
        {img}
      </a>
    );
  }
  // A path of a route this tenant closes is no link: it would only bounce home.
  if (isSitePath(link) && linkOpen(link)) {
    const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      e.preventDefault();
      void navigate(link);
    };
    return (
      <a className="banner-carousel__link" href={link} onClick={onClick}>
        {img}
      </a>
    );
  }
  return <div className="banner-carousel__link">{img}</div>;
}
