import { lazy, Suspense } from 'react';
import type { VipBenefitsProps } from '../../src/generated/widgets/vip-benefits';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** VIP benefits: level, progress and the levels table. Its code loads with its screen, not with the first page. */
const Panel = lazy(() => import('./vip-benefits'));

function VipBenefits(props: WidgetComponentProps<VipBenefitsProps>) {
  return (
    <Suspense fallback={<div className="vip-benefits vip-benefits--loading" aria-hidden="true" />}>
      <Panel {...props} />
    </Suspense>
  );
}

export default defineWidget<VipBenefitsProps>({
  name: 'vip-benefits',
  version: '1.0.0',
  propsSchema,
  defaults: { sections: ['level', 'progress', 'table'] },
  component: VipBenefits,
});
