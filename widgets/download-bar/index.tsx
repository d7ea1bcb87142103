import './styles.css';
import { lazy, Suspense } from 'react';
import type { DownloadBarProps } from '../../src/generated/widgets/download-bar';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The rules, the bar and the popup load outside the first load (the bar floats, so nothing shifts). */
const View = lazy(() => import('./download-bar'));

function DownloadBar({ requiredLogin = false }: WidgetComponentProps<DownloadBarProps>) {
  return (
    <Suspense fallback={null}>
      <View requiredLogin={requiredLogin} />
    </Suspense>
  );
}

export default defineWidget<DownloadBarProps>({
  name: 'download-bar',
  version: '1.0.0',
  propsSchema,
  defaults: { requiredLogin: false },
  component: DownloadBar,
});
