import { lazy, Suspense, useEffect, useState } from 'react';
import type { AnnouncementPopupProps } from '../../src/generated/widgets/announcement-popup';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import { POPUP_LOAD_DELAY_MS } from './constants';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

const Host = lazy(() => import('./popup-host'));

function AnnouncementPopup({ goTo = href('rewardCenter') }: WidgetComponentProps<AnnouncementPopupProps>) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), POPUP_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Host goTo={goTo} />
    </Suspense>
  );
}

export default defineWidget<AnnouncementPopupProps>({
  name: 'announcement-popup',
  version: '1.0.0',
  propsSchema,
  defaults: { goTo: href('rewardCenter') },
  component: AnnouncementPopup,
});
