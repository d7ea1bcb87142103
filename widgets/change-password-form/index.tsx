import { lazy, Suspense } from 'react';
import type { ChangePasswordFormProps } from '../../src/generated/widgets/change-password-form';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** Change password (spec section 2). Its code loads with its screen, not with the first page. */
const Form = lazy(() => import('./change-password-form'));

function ChangePasswordForm(props: WidgetComponentProps<ChangePasswordFormProps>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

export default defineWidget<ChangePasswordFormProps>({
  name: 'change-password-form',
  version: '1.0.0',
  propsSchema,
  defaults: { redirectTo: href('home') },
  component: ChangePasswordForm,
});
