import 'swiper/css';
import 'swiper/css/pagination';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { BannerLink, type Banner } from './banner-link';
import { BANNER_AUTOPLAY_MS } from './rules';

export { BANNER_AUTOPLAY_MS };

/** Swiper options for a number of banners: loop, autoplay and dots only with more than one. */
export function bannerSwiperOptions(count: number) {
  const many = count > 1;
  return {
    loop: many,
    autoplay: many ? { delay: BANNER_AUTOPLAY_MS, disableOnInteraction: false } : false,
    pagination: many ? { clickable: true } : false,
  } as const;
}

/**
 * More than one banner: a looping, autoplaying Swiper with pagination dots. `advance`: it takes
 * over when the first autoplay step is due, and makes that step at once.
 */
export default function BannerSwiper({ banners, advance = false }: { banners: readonly Banner[]; advance?: boolean }) {
  const options = bannerSwiperOptions(banners.length);
  return (
    <Swiper
      className="banner-carousel__swiper"
      modules={[Autoplay, Pagination]}
      {...options}
      onSwiper={advance ? (swiper) => requestAnimationFrame(() => swiper.slideNext()) : undefined}
    >
      {banners.map((b, i) => (
        <SwiperSlide key={b.id}>
          <BannerLink banner={b} first={i === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
