/* empty css                */
import { n as BannerLink } from "./banner-carousel-DoLOOhud.js";
import { jsx } from "react/jsx-runtime";
import { Autoplay, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
// widgets/banner-carousel/banner-swiper.tsx
/** Spec section 9: banner autoplay. */
var BANNER_AUTOPLAY_MS = 5e3;
/** Swiper options for a number of banners: loop, autoplay and dots only with more than one. */
function bannerSwiperOptions(count) {
	const many = count > 1;
	return {
		loop: many,
		autoplay: many ? {
			delay: BANNER_AUTOPLAY_MS,
			disableOnInteraction: false
		} : false,
		pagination: many ? { clickable: true } : false
	};
}
/** More than one banner: a looping, autoplaying Swiper with pagination dots. */
function BannerSwiper({ banners }) {
	const options = bannerSwiperOptions(banners.length);
	return /* @__PURE__ */ jsx(Swiper, {
		className: "banner-carousel__swiper",
		modules: [Autoplay, Pagination],
		...options,
		children: banners.map((b, i) => /* @__PURE__ */ jsx(SwiperSlide, { children: /* @__PURE__ */ jsx(BannerLink, {
			banner: b,
			first: i === 0
		}) }, b.id))
	});
}
export { BannerSwiper as default };
