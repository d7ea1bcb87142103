import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useHomeAnnouncements } from '../../src/features/home';
import { useContentLanguage } from '../../src/lib/language';
import { useRuntime } from '../../src/lib/runtime';
import { BannerLink } from './banner-link';

/** Swiper and its styles load in their own chunk, and only when there is something to swipe. */
const BannerSwiper = lazy(() => import('./banner-swiper'));

export function BannerPlaceholder() {
  return <div className="banner-carousel banner-carousel--loading" aria-hidden="true" />;
}

/** Home banners: one banner is a static image (no Swiper, no dots); more loop with dots. */
export default function BannerCarouselView() {
  const { i18n } = useTranslation();
  const { tenant, session } = useRuntime();
  const lang = useContentLanguage(i18n, tenant);
  const { data, error } = useHomeAnnouncements(lang, session?.token);
  if (!data) return error ? null : <BannerPlaceholder />;
  const banners = data.banners.filter((b) => b.url);
  if (banners.length === 0) return null;
  return (
    <section className="banner-carousel">
      {banners.length === 1 ? (
        <BannerLink banner={banners[0]} eager />
      ) : (
        <Suspense fallback={<BannerLink banner={banners[0]} eager />}>
          <BannerSwiper banners={banners} />
        </Suspense>
      )}
    </section>
  );
}
