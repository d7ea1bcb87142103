import './styles.css';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { PromotionDetailProps } from '../../src/generated/widgets/promotion-detail';
import { FormError, SubmitButton, type FieldMessage } from '../../src/components/form';
import { ImagePicker } from '../../src/components/image-picker';
import { ApiFailure } from '../../src/lib/api/client';
import { useTranslation } from '../../src/lib/i18n';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { MAX_IMAGE_FILES } from '../../src/components/image-picker/image-files';
import { currentLanguageCode } from '../../src/lib/language';
import { useLinkOpen, useMemberScope, useRuntimeActions, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useSanitizedHtml } from '../../src/lib/sanitize';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  actOnPromotion,
  uploadPromotionImage,
  useRevalidatePromotions,
  useRevalidateRewards,
  usePromotions,
  type Promotion,
  type PromotionAction,
  type PromotionActBody as ActBody,
} from '../../src/features/engagement';
import { href } from '../../src/lib/routes';

export const REMARK_MAX = 140;

const ACTION_LABELS: Readonly<Record<Exclude<PromotionAction, 'none'>, TranslationKey>> = {
  claim: 'promo_action_claim',
  join: 'promo_action_join',
  apply: 'promo_action_apply',
};

/** A refusal's message: the rule the server names (image_size, remark_max ...), else its error's. */
function failure(error: unknown): FieldMessage {
  if (!(error instanceof ApiFailure)) return { key: 'unknown_error' };
  const named = (error.value as { messageKey?: unknown } | undefined)?.messageKey;
  return { key: typeof named === 'string' ? named : error.messageKey, params: { max: MAX_IMAGE_FILES } };
}

function Terms({ html }: { html: string }) {
  const safe = useSanitizedHtml(html);
  // The terms are the operator's HTML, sanitised in the browser (empty on the server).
  return <div className="promotion-detail__terms" data-testid="promotion-terms" dangerouslySetInnerHTML={{ __html: safe }} />;
}

function ActionForm({ promotion, rewardsTo }: { promotion: Promotion; rewardsTo: string }) {
  const { t } = useTranslation();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  const rewardsOpen = useLinkOpen()(rewardsTo);
  const revalidatePromotions = useRevalidatePromotions();
  const revalidateRewards = useRevalidateRewards();
  const [remark, setRemark] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<FieldMessage | null>(null);
  const [granted, setGranted] = useState(false);
  const formId = useId();
  if (promotion.action === 'none') return null;
  if (!signedIn) {
    return (
      <button type="button" className="button button--primary promotion-detail__action" onClick={requireLogin}>
        {t(ACTION_LABELS[promotion.action])}
      </button>
    );
  }
  const applying = promotion.action === 'apply';
  const tooLong = remark.trim().length > REMARK_MAX;
  const submit = async () => {
    setError(null);
    if (applying && (remark.trim() === '' || tooLong)) {
      setError(tooLong ? { key: 'remark_max' } : { key: 'promo_remark_rule', params: { max: REMARK_MAX } });
      return;
    }
    try {
      let body: ActBody = {};
      if (applying) {
        // Each image first (the server checks it again), then the application naming them.
        const imageIds: number[] = [];
        for (const file of files) imageIds.push((await uploadPromotionImage(file)).id);
        body = { remark: remark.trim(), ...(imageIds.length > 0 ? { imageIds: imageIds as NonNullable<ActBody>['imageIds'] } : {}) };
      }
      await actOnPromotion(promotion.code, body);
      if (promotion.action === 'claim') setGranted(true);
      void revalidateRewards();
    } catch (err) {
      setError(failure(err));
    } finally {
      void revalidatePromotions();
    }
  };
  return (
    <form className="promotion-detail__form" method="post" noValidate>
      {applying && promotion.canAct ? (
        <>
          <label className="promotion-detail__remark">
            <span>{t('promo_remark', { max: REMARK_MAX })}</span>
            <textarea name="remark" rows={3} maxLength={REMARK_MAX} value={remark} onChange={(e) => setRemark(e.target.value)} aria-describedby={`${formId}-count`} />
          </label>
          <p id={`${formId}-count`} className={`promotion-detail__count${tooLong ? ' promotion-detail__count--off' : ''}`} data-testid="remark-count">
            {t('promo_remark_count', { count: remark.length, max: REMARK_MAX })}
          </p>
          <ImagePicker label={t('promo_images', { max: MAX_IMAGE_FILES })} files={files} onChange={setFiles} />
        </>
      ) : null}
      <FormError error={error} />
      {granted ? (
        <p className="promotion-detail__granted" role="status" data-testid="promotion-granted">
          {t('promo_granted')}
          {/* Only where the reward centre is open (REWCEN3): a closed route would bounce home. */}
          {rewardsOpen ? (
            <>
              {' '}
              <Link to={rewardsTo}>{t('reward_center')}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <SubmitButton className="button button--primary promotion-detail__action" onSubmit={submit} disabled={!promotion.canAct}>
        {t(ACTION_LABELS[promotion.action])}
      </SubmitButton>
    </form>
  );
}

function PromotionDetail({ rewardsTo = href('rewardCenter'), nextSteps = {} }: WidgetComponentProps<PromotionDetailProps>) {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const { search } = useLocation();
  const code = new URLSearchParams(search).get('code') ?? '';
  const list = usePromotions(currentLanguageCode(i18n, tenant), true, hydrated && scope ? scope : '');
  if (!list.data) return <div className="promotion-detail promotion-detail--loading" aria-busy="true" />;
  const promotion = list.data.find((p) => p.code === code);
  if (!promotion) return <p className="promotion-detail promotion-detail__empty">{t('no_data')}</p>;
  const next = Object.hasOwn(nextSteps, promotion.type) ? nextSteps[promotion.type] : undefined;
  return (
    <article className="promotion-detail" data-code={promotion.code}>
      {promotion.imageUrl ? <img className="promotion-detail__banner" src={promotion.imageUrl} alt="" /> : null}
      <h2 className="promotion-detail__title">{promotion.title}</h2>
      {promotion.status ? (
        <p className={`promotion-detail__status promotion-detail__status--${promotion.status}`} data-testid="promotion-status">
          {t(`promo_status_${promotion.status}`)}
        </p>
      ) : null}
      {promotion.status === 'rejected' && promotion.reason ? (
        <p className="promotion-detail__reason" data-testid="promotion-reason">
          {t('promo_reject_reason', { reason: promotion.reason })}
        </p>
      ) : null}
      {promotion.target !== undefined && promotion.progress !== undefined ? (
        <p className="promotion-detail__progress" data-testid="promotion-progress">
          {t('promo_progress', { progress: promotion.progress.toFixed(2), target: promotion.target.toFixed(2) })}
        </p>
      ) : null}
      <Terms html={promotion.content} />
      {next ? (
        <Link className="button button--secondary promotion-detail__next" to={next.to} data-testid="promotion-next">
          {t(next.label)}
        </Link>
      ) : null}
      <ActionForm key={`${promotion.code}:${promotion.status ?? ''}`} promotion={promotion} rewardsTo={rewardsTo} />
    </article>
  );
}

export default PromotionDetail;
