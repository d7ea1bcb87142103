import { lazy, Suspense } from 'react';
import type { PromotionListProps } from '../../src/generated/widgets/promotion-list';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** Promotions by category. Its code loads with its screen, not with the first page. */
const Panel = lazy(() => import('./promotion-list'));

function PromotionList(props: WidgetComponentProps<PromotionListProps>) {
  return (
    <Suspense fallback={<div className="promotion-list promotion-list--loading" aria-busy="true" />}>
      <Panel {...props} />
    </Suspense>
  );
}

export default defineWidget<PromotionListProps>({
  name: 'promotion-list',
  version: '1.0.0',
  propsSchema,
  defaults: { detailTo: href('activityInfo') },
  component: PromotionList,
});
