import { lazy, Suspense } from 'react';
import type { ContractPromptProps } from '../../src/generated/widgets/contract-prompt';
import { useMemberState } from '../../src/features/account';
import { contractPromptsOf } from '../../src/features/agent';
import { defineWidget } from '../../src/lib/widget';
import propsSchema from './props.schema.json';

/** The dialog loads only when member info asks for a prompt. */
const Dialog = lazy(() => import('./contract-prompt'));

function ContractPrompt() {
  const member = useMemberState((data) => data.member);
  const prompts = contractPromptsOf(member);
  if (prompts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Dialog prompts={prompts} />
    </Suspense>
  );
}

export default defineWidget<ContractPromptProps>({
  name: 'contract-prompt',
  version: '1.0.0',
  propsSchema,
  defaults: {},
  component: ContractPrompt,
});
