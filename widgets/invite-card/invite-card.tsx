import './styles.css';
import { useEffect, useId, useState } from 'react';
import type { InviteCardProps } from '../../src/generated/widgets/invite-card';
import { copyText } from '../../src/lib/browser-actions';
import { runtimeText, showToast } from '../../src/lib/feedback';
import { useTranslation } from '../../src/lib/i18n';
import { referralLink } from '../../src/lib/layout-rules';
import { useMemberScope } from '../../src/lib/runtime';
import { useClientValue } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { useReferral } from '../../src/features/engagement';

/** The QR code of `text` as an SVG data URL, made in the browser after the page shows (null until then). */
function useQrCode(text: string, enabled: boolean): string | null {
  const [made, setMade] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!enabled || !text) return;
    let live = true;
    // The encoder loads on first use: it is not part of any page until a member has a link to show.
    void import('qrcode')
      .then(({ toString }) => toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }))
      .then((svg) => {
        if (live) setMade({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch((err: unknown) => console.error('qr code failed', err));
    return () => {
      live = false;
    };
  }, [text, enabled]);
  return made && made.text === text ? made.url : null;
}

async function copyWithToast(text: string): Promise<void> {
  await showToast((await copyText(text)) ? 'copied' : 'invite_copy_failed');
}

function InviteCard({ qr = true, share = true }: WidgetComponentProps<InviteCardProps>) {
  const { t, i18n } = useTranslation();
  const codeId = useId();
  const linkId = useId();
  const { data, error } = useReferral(useMemberScope());
  // The host is the browser's: the server renders the card without a link.
  const host = useClientValue(() => window.location.host, '');
  const code = data?.code ?? '';
  const link = code && host ? referralLink(host, code) : '';
  const qrUrl = useQrCode(link, qr);
  const canShare = useClientValue(() => typeof navigator.share === 'function', false);

  // Read and called in the tap's own handler: browsers open the share sheet only on a user gesture.
  const onShare = async () => {
    if (!link) return;
    if (typeof navigator.share !== 'function') return copyWithToast(link);
    try {
      await navigator.share({ title: t('invite_friends'), text: t('invite_share_text', { code }), url: link });
    } catch (err) {
      // The member closed the share sheet: nothing to say. Another failure: copy instead.
      if (!(err instanceof DOMException && err.name === 'AbortError')) await copyWithToast(link);
    }
  };

  return (
    <section className="invite-card" aria-labelledby={`${codeId}-title`} aria-busy={!data && !error}>
      <h2 id={`${codeId}-title`} className="invite-card__title">
        {t('invite_title')}
      </h2>
      <p className="invite-card__intro">{t('invite_intro')}</p>
      {error ? (
        <p className="form-field__error" role="alert">
          {runtimeText(i18n, error.messageKey)}
        </p>
      ) : null}
      <div className="invite-card__row">
        <label className="invite-card__label" htmlFor={codeId}>
          {t('invite_code')}
        </label>
        <div className="invite-card__value">
          <input id={codeId} className="field__input invite-card__code" data-testid="invite-code" readOnly value={code} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button button--secondary invite-card__copy" disabled={!code} aria-label={t('invite_copy_code')} onClick={() => void copyWithToast(code)}>
            {t('copy')}
          </button>
        </div>
      </div>
      <div className="invite-card__row">
        <label className="invite-card__label" htmlFor={linkId}>
          {t('invite_link')}
        </label>
        <div className="invite-card__value">
          <input id={linkId} className="field__input invite-card__link" data-testid="invite-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button button--secondary invite-card__copy" disabled={!link} aria-label={t('invite_copy_link')} onClick={() => void copyWithToast(link)}>
            {t('copy')}
          </button>
        </div>
      </div>
      {qr ? (
        <figure className="invite-card__qr" data-testid="invite-qr" aria-busy={!qrUrl}>
          {qrUrl ? <img className="invite-card__qr-image" src={qrUrl} alt={t('invite_qr_alt')} width={192} height={192} /> : <span className="invite-card__qr-placeholder" aria-hidden="true" />}
          <figcaption className="invite-card__qr-caption">{t('invite_qr_caption')}</figcaption>
        </figure>
      ) : null}
      {share ? (
        <button type="button" className="button button--primary invite-card__share" disabled={!link} onClick={() => void onShare()}>
          {t(canShare ? 'invite_share' : 'invite_copy_link')}
        </button>
      ) : null}
    </section>
  );
}

export default InviteCard;
