import { lazy, Suspense } from 'react';
import type { SetPasswordSmsFormProps } from '../../src/generated/widgets/set-password-sms-form';
import { defineWidget, type WidgetComponentProps } from '../../src/lib/widget';
import type { SetPasswordSmsFormHostProps } from './set-password-sms-form';
import propsSchema from './props.schema.json';

/** Set a password by SMS (spec section 2, game lists). Its code loads when it is shown, not with the first page. */
const Form = lazy(() => import('./set-password-sms-form'));

function SetPasswordSmsForm(props: WidgetComponentProps<SetPasswordSmsFormProps & SetPasswordSmsFormHostProps>) {
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

export default defineWidget<SetPasswordSmsFormProps & SetPasswordSmsFormHostProps>({
  name: 'set-password-sms-form',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: SetPasswordSmsForm,
});
