import './styles.css';
import { lazy, Suspense } from 'react';
import type { BannerCarouselProps } from '../../src/generated/widgets/banner-carousel';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** Loads with its data hook outside the first load; the placeholder reserves the banner's 750:300 box. */
const View = lazy(() => import('./banner-carousel'));

function BannerCarousel(_props: WidgetComponentProps<BannerCarouselProps>) {
  return (
    <Suspense fallback={<div className="banner-carousel banner-carousel--loading" aria-hidden="true" />}>
      <View />
    </Suspense>
  );
}

export default defineWidget<BannerCarouselProps>({
  name: 'banner-carousel',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: BannerCarousel,
});
