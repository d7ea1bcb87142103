import { lazy, Suspense } from 'react';
import type { LoginFormProps } from '../../src/generated/widgets/login-form';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import type { LoginFormHostProps } from './login-form';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** The login form (spec section 2). Its code loads with the login screen, not with the first page. */
const Form = lazy(() => import('./login-form'));

function LoginForm(props: WidgetComponentProps<LoginFormProps & LoginFormHostProps>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

export default defineWidget<LoginFormProps & LoginFormHostProps>({
  name: 'login-form',
  version: '1.0.0',
  propsSchema,
  defaults: { freeTrial: true, navigation: true, redirectTo: href('home') },
  component: LoginForm,
});
