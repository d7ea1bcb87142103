import { lazy, Suspense } from 'react';
import type { RegisterFormProps } from '../../src/generated/widgets/register-form';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import propsSchema from './props.schema.json';
import { href } from '../../src/lib/routes';

/** The registration form (spec section 2). Its code loads with the register screen, not with the first page. */
const Form = lazy(() => import('./register-form'));

function RegisterForm(props: WidgetComponentProps<RegisterFormProps>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

export default defineWidget<RegisterFormProps>({
  name: 'register-form',
  version: '1.0.0',
  propsSchema,
  defaults: { redirectTo: href('home'), affiliateParams: ['affiliateCode', 'affCode', 'aff', 'code', 'inviteCode'] },
  component: RegisterForm,
});
