import './styles.css';
import { lazy, Suspense } from 'react';
import type { RichTextProps } from '../../src/generated/widgets/rich-text';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The text and its HTML reader load with their screen, never with the first page. */
const Text = lazy(() => import('./rich-text'));

function RichText({ content = 'agreement' }: WidgetComponentProps<RichTextProps>) {
  return (
    <Suspense fallback={<div className="rich-text rich-text--loading" aria-hidden="true" />}>
      <Text content={content} />
    </Suspense>
  );
}

export default defineWidget<RichTextProps>({
  name: 'rich-text',
  version: '1.0.0',
  propsSchema,
  defaults: { content: 'agreement' },
  component: RichText,
});
