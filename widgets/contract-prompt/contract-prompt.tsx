import './styles.css';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../src/components/modal';
import { usePopupTurn } from '../../src/components/popup-queue';
import { promptKey, readPromptMemory, rememberPrompt, type ContractPrompt } from '../../src/features/agent';
import { useTranslation } from '../../src/lib/i18n';
import { useSessionInfo } from '../../src/lib/runtime';

/**
 * One prompt at a time, in order; each is remembered for this login (session storage, under the
 * token) as soon as it shows, so a reload or coming back home does not ask again.
 */
export default function ContractPromptDialog({ prompts }: { prompts: readonly ContractPrompt[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const login = useSessionInfo()?.token ?? '';
  // Read once on mount (an effect-free initial state: this chunk only renders in the browser).
  const [seen] = useState(() => readPromptMemory(window.sessionStorage, login));
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const prompt = prompts.find((p) => !seen.has(promptKey(p)) && !closed.has(promptKey(p)));
  // One popup at a time: after any other popup (the home announcements) or dialog is closed.
  const turn = usePopupTurn(Boolean(prompt && login));
  if (!prompt || !login || !turn) return null;
  const close = () => {
    rememberPrompt(window.sessionStorage, login, promptKey(prompt));
    setClosed((all) => new Set([...all, promptKey(prompt)]));
  };
  return (
    <Modal labelledBy={titleId} onDismiss={close} className="contract-prompt">
      <div className="modal__head">
        <h2 id={titleId} className="modal__title">
          {t('contract_prompt_title')}
        </h2>
      </div>
      <p className="contract-prompt__message" data-testid="contract-prompt">
        {t(prompt.message)}
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={close}>
          {t('contract_prompt_later')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            close();
            navigate(prompt.to);
          }}
        >
          {t('contract_prompt_open')}
        </button>
      </div>
    </Modal>
  );
}
