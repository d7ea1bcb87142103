import './styles.css';
import { useState } from 'react';
import type { HeadIconProps } from '../../src/generated/widgets/head-icon';
import { FilePicker } from '../../src/components/file-picker';
import { FormError, SubmitButton } from '../../src/components/form';
import { HEAD_ICON_ACCEPT, checkHeadIcon, securityFailure, uploadHeadIcon, useHeadIcon, useObjectUrl, type SecurityMessage } from '../../src/features/security';
import { showToast } from '../../src/lib/feedback';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeActions, useRuntimeState } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';

const SAVED_TOAST_MS = 1500;

function HeadIcon({ size = 120 }: WidgetComponentProps<HeadIconProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  const current = useHeadIcon(hydrated && signedIn ? scope : null);
  const [picked, setPicked] = useState<File | null>(null);
  const [error, setError] = useState<SecurityMessage | null>(null);
  const currentUrl = useObjectUrl(current.data);
  const previewUrl = useObjectUrl(picked);

  if (!hydrated) return <div className="head-icon head-icon--loading" aria-busy="true" />;
  if (!signedIn) {
    return (
      <div className="head-icon head-icon--visitor">
        <p>{t('security_login_first')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }

  const pick = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    const problem = checkHeadIcon(file);
    if (problem) {
      setPicked(null);
      setError(problem);
      return;
    }
    setPicked(file);
  };

  const upload = async () => {
    if (!picked) return;
    setError(null);
    try {
      await uploadHeadIcon(picked);
    } catch (err) {
      setError(securityFailure(err));
      return;
    }
    // The hook's own mutate: it reaches the cache the picture is held in.
    await current.mutate();
    setPicked(null);
    void showToast('head_icon_saved', SAVED_TOAST_MS);
  };

  const shown = previewUrl ?? currentUrl;
  const state = picked ? 'preview' : current.data ? 'current' : current.data === null ? 'none' : 'loading';
  return (
    <div className="head-icon" data-state={state}>
      <div className="head-icon__frame" style={{ width: size, height: size }} aria-busy={state === 'loading' || undefined}>
        {shown ? (
          <img className="head-icon__image" src={shown} alt={t(picked ? 'head_icon_preview' : 'head_icon_current')} width={size} height={size} data-testid="head-icon-image" />
        ) : (
          <span className="head-icon__empty">{state === 'none' ? t('head_icon_none') : null}</span>
        )}
      </div>
      {current.error && current.data === undefined ? <FormError error={securityFailure(current.error)} /> : null}
      <FilePicker
        className="head-icon__pick"
        buttonLabel="head_icon_pick"
        accept={HEAD_ICON_ACCEPT}
        files={picked ? [picked] : []}
        onPick={(files) => pick(files[0])}
        hint={t('head_icon_rules', { max: 5 })}
      />
      <FormError error={error ?? undefined} />
      <SubmitButton className="button button--primary head-icon__upload" onSubmit={upload} disabled={!picked}>
        {t('head_icon_upload')}
      </SubmitButton>
    </div>
  );
}

export default HeadIcon;
