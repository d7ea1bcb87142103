import './styles.css';
import type { BannerCarouselProps } from '../../src/generated/widgets/banner-carousel';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import BannerCarouselView from './banner-carousel';

/**
 * Not lazy, unlike the other home blocks: the first banner is the page's largest element, and a
 * chunk in front of it would delay both the banner request and its paint by a round trip.
 */
function BannerCarousel(_props: WidgetComponentProps<BannerCarouselProps>) {
  return <BannerCarouselView />;
}

export default defineWidget<BannerCarouselProps>({
  name: 'banner-carousel',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: BannerCarousel,
});
