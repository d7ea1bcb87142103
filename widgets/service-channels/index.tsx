import './styles.css';
import { lazy, Suspense } from 'react';
import type { ServiceChannelsProps } from '../../src/generated/widgets/service-channels';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The channel list loads with its screen, never with the first page. */
const Channels = lazy(() => import('./service-channels'));

function ServiceChannels({ online = true, hours = true }: WidgetComponentProps<ServiceChannelsProps>) {
  return (
    <Suspense fallback={<div className="service-channels service-channels--loading" aria-hidden="true" />}>
      <Channels online={online} hours={hours} />
    </Suspense>
  );
}

export default defineWidget<ServiceChannelsProps>({
  name: 'service-channels',
  version: '1.0.0',
  propsSchema,
  defaults: { online: true, hours: true },
  component: ServiceChannels,
});
