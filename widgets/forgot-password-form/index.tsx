import { lazy, Suspense } from 'react';
import type { ForgotPasswordFormProps } from '../../src/generated/widgets/forgot-password-form';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** Forgot password (spec section 2). Its code loads with its screen, not with the first page. */
const Form = lazy(() => import('./forgot-password-form'));

function ForgotPasswordForm(props: WidgetComponentProps<ForgotPasswordFormProps>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

export default defineWidget<ForgotPasswordFormProps>({
  name: 'forgot-password-form',
  version: '1.0.0',
  propsSchema,
  defaults: { fallbackRoute: href('login'), redirectTo: href('home') },
  component: ForgotPasswordForm,
});
