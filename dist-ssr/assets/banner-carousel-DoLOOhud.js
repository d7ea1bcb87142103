import { t as __exportAll } from "./rolldown-runtime-D8jQpDG7.js";
import { n as useHomeAnnouncements } from "./announcements-CFJpTuP_.js";
import { g as useRuntime, i as useContentLanguage } from "../entry-server.js";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { jsx } from "react/jsx-runtime";
function isExternal(link) {
	return /^https?:\/\//i.test(link);
}
/** A path on this site, never another origin (//host) or a script URL. */
function isSitePath(link) {
	return /^\/(?![/\\])/.test(link);
}
/**
* One banner: its image, wrapped in a link when it has one (in-app paths navigate, http(s) opens a
* new tab). The first banner is the home page's largest element, so its image is fetched first;
* the others wait until they come near the view.
*/
function BannerLink({ banner, first, imageRef }) {
	const navigate = useNavigate();
	const img = /* @__PURE__ */ jsx("img", {
		ref: imageRef,
		className: "banner-carousel__img",
		src: banner.url,
		alt: banner.title,
		width: 750,
		height: 300,
		loading: first ? "eager" : "lazy",
		fetchPriority: first ? "high" : void 0,
		decoding: "async",
		draggable: false
	});
	const link = banner.link ?? "";
	if (isExternal(link)) return /* @__PURE__ */ jsx("a", {
		className: "banner-carousel__link",
		href: link,
		target: "_blank",
		rel: "noopener noreferrer",
		children: img
	});
	if (isSitePath(link)) {
		const onClick = (e) => {
			if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
			e.preventDefault();
			navigate(link);
		};
		return /* @__PURE__ */ jsx("a", {
			className: "banner-carousel__link",
			href: link,
			onClick,
			children: img
		});
	}
	return /* @__PURE__ */ jsx("div", {
		className: "banner-carousel__link",
		children: img
	});
}
// widgets/banner-carousel/use-banner-swiper.ts
/** The longest Swiper waits for an idle moment once the first banner has arrived. */
var SWIPER_IDLE_TIMEOUT_MS = 2e3;
/** Runs `task` when the main thread is idle; returns the cancel function. */
function whenIdle(task) {
	if (typeof window.requestIdleCallback === "function") {
		const id = window.requestIdleCallback(task, { timeout: SWIPER_IDLE_TIMEOUT_MS });
		return () => window.cancelIdleCallback(id);
	}
	const id = window.setTimeout(task, 200);
	return () => window.clearTimeout(id);
}
var loadBannerSwiper = () => import("./banner-swiper-CEmMDSp6.js").then((m) => m.default);
/**
* Swiper for the banners, once it should take over from the static first banner: at the first
* press on the banner, or when the page is idle after the first banner's image has arrived (so the
* Swiper chunk never competes with the largest element for the network). Null until then, and
* always on the first render, so server and client render the same markup.
*/
function useBannerSwiper(enabled, firstImage, firstBannerId) {
	const [SwiperView, setSwiperView] = useState(null);
	const loading = useRef(null);
	const wanted = useRef(false);
	const pressed = useRef(false);
	const load = useCallback(() => {
		loading.current ?? (loading.current = loadBannerSwiper().catch((err) => {
			loading.current = null;
			throw err;
		}));
		return loading.current;
	}, []);
	const takeOver = useCallback(() => {
		wanted.current = true;
		if (pressed.current) return;
		load().then((view) => {
			if (!pressed.current) setSwiperView(() => view);
		}, (err) => console.error("banner carousel: Swiper failed to load", err));
	}, [load]);
	const waiting = enabled && !SwiperView;
	useEffect(() => {
		if (!waiting) return;
		const image = firstImage.current;
		let cancelIdle;
		const arrived = () => {
			cancelIdle ?? (cancelIdle = whenIdle(takeOver));
		};
		if (!image || image.complete) arrived();
		else {
			image.addEventListener("load", arrived);
			image.addEventListener("error", arrived);
		}
		return () => {
			image?.removeEventListener("load", arrived);
			image?.removeEventListener("error", arrived);
			cancelIdle?.();
		};
	}, [
		waiting,
		firstImage,
		firstBannerId,
		takeOver
	]);
	const pressHandlers = useMemo(() => {
		if (!waiting) return {};
		const release = () => {
			pressed.current = false;
			if (wanted.current) takeOver();
		};
		return {
			onPointerDown: () => {
				pressed.current = true;
				wanted.current = true;
				load().catch(() => void 0);
			},
			onPointerUp: release,
			onPointerCancel: release,
			onPointerLeave: release
		};
	}, [
		waiting,
		load,
		takeOver
	]);
	return {
		SwiperView: enabled ? SwiperView : null,
		pressHandlers
	};
}
// widgets/banner-carousel/banner-carousel.tsx
var banner_carousel_exports = /* @__PURE__ */ __exportAll({
	BannerPlaceholder: () => BannerPlaceholder,
	default: () => BannerCarouselView
});
function BannerPlaceholder() {
	return /* @__PURE__ */ jsx("div", {
		className: "banner-carousel banner-carousel--loading",
		"aria-hidden": "true"
	});
}
/** Home banners: one banner is a static image (no Swiper, no dots); more loop with dots. */
function BannerCarouselView() {
	const { i18n } = useTranslation();
	const { tenant, session } = useRuntime();
	const lang = useContentLanguage(i18n, tenant);
	const { data, error } = useHomeAnnouncements(lang, session?.token);
	if (!data) return error ? null : /* @__PURE__ */ jsx(BannerPlaceholder, {});
	const banners = data.banners.filter((b) => b.url);
	if (banners.length === 0) return null;
	return /* @__PURE__ */ jsx(BannerCarousel, { banners });
}
/**
* The first banner is the page's largest element: it paints as a plain image straight away, and
* Swiper (its own chunk) later replaces it with the same first slide in the same box.
*/
function BannerCarousel({ banners }) {
	const firstImage = useRef(null);
	const { SwiperView, pressHandlers } = useBannerSwiper(banners.length > 1, firstImage, banners[0].id);
	return /* @__PURE__ */ jsx("section", {
		className: "banner-carousel",
		...pressHandlers,
		children: SwiperView ? /* @__PURE__ */ jsx(SwiperView, { banners }) : /* @__PURE__ */ jsx(BannerLink, {
			banner: banners[0],
			first: true,
			imageRef: firstImage
		}, banners[0].id)
	});
}
export { BannerPlaceholder, BannerCarouselView as default, BannerLink as n, banner_carousel_exports as t };
