import { useRef } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { useHomeAnnouncements } from '../../src/features/home';
import { useContentLanguage } from '../../src/lib/language';
import { useTenant } from '../../src/lib/runtime';
import { BannerLink, type Banner } from './banner-link';
import { useBannerSwiper } from './use-banner-swiper';

function BannerPlaceholder() {
  return <div className="banner-carousel banner-carousel--loading" aria-hidden="true" />;
}

/** Home banners: one banner is a static image (no Swiper, no dots); more loop with dots. */
export default function BannerCarouselView() {
  const { i18n } = useTranslation();
  const tenant = useTenant();
  const lang = useContentLanguage(i18n, tenant);
  const { data, error } = useHomeAnnouncements(lang);
  if (!data) return error ? null : <BannerPlaceholder />;
  const banners = data.banners.filter((b) => b.url);
  if (banners.length === 0) return null;
  return <BannerCarousel banners={banners} />;
}

/**
 * The first banner is the page's largest element: it paints as a plain image straight away, and
 * Swiper (its own chunk) later replaces it with the same first slide in the same box.
 */
function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const firstImage = useRef<HTMLImageElement>(null);
  const { SwiperView, advance, pressHandlers } = useBannerSwiper(banners.length > 1, firstImage, banners[0].id);
  return (
    <section className="banner-carousel" {...pressHandlers}>
      {SwiperView ? <SwiperView banners={banners} advance={advance} /> : <BannerLink key={banners[0].id} banner={banners[0]} first imageRef={firstImage} />}
    </section>
  );
}
