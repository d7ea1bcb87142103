import { lazy, Suspense } from 'react';
import type { RebateReportProps } from '../../src/generated/widgets/rebate-report';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The rebate report. Its code loads with its screen, not with the first page. */
const Report = lazy(() => import('./rebate-report'));

function RebateReport(props: WidgetComponentProps<RebateReportProps>) {
  return (
    <Suspense fallback={null}>
      <Report {...props} />
    </Suspense>
  );
}

export default defineWidget<RebateReportProps>({
  name: 'rebate-report',
  version: '1.0.0',
  propsSchema,
  defaults: { pageSize: 20 },
  component: RebateReport,
});
