import './styles.css';
import { useId, useState, type FormEvent } from 'react';
import {
  checkFeedbackImage,
  countWords,
  FEEDBACK_IMAGE_ACCEPT,
  FEEDBACK_TYPES,
  feedbackWordRange,
  MAX_FEEDBACK_IMAGES,
  submitFeedback,
  uploadFeedbackImage,
  useMyFeedback,
  type Feedback,
  type FeedbackBody,
  type FeedbackType,
} from '../../src/features/engagement';
import { FilePicker } from '../../src/components/file-picker';
import { formatRecordTime } from '../../src/features/records';
import type { FeedbackFormProps } from '../../src/generated/widgets/feedback-form';
import { ApiFailure } from '../../src/lib/api/client';
import { tenantTimeZone } from '../../src/lib/app-config';
import { runtimeText, showToast } from '../../src/lib/feedback';
import { useTranslation } from '../../src/lib/i18n';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { isTrialMember } from '../../src/lib/layout-rules';
import { useMemberScope, useRuntimeState, useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';

interface Problem {
  key: string;
  params?: Record<string, string | number>;
}

/** The refusal's message, with the word counts of a feedback.words refusal. */
function failureOf(err: unknown, range: { min: number; max: number }): Problem {
  if (!(err instanceof ApiFailure)) return { key: 'unknown_error' };
  if (err.errorCode === 'feedback.words') {
    const v = (err.value ?? {}) as { min?: number; max?: number };
    return { key: 'feedback_words', params: { min: v.min ?? range.min, max: v.max ?? range.max } };
  }
  return { key: err.messageKey };
}

const TYPE_LABELS: Readonly<Record<FeedbackType, TranslationKey>> = {
  SUGGESTION: 'feedback_type_suggestion',
  DEPOSIT: 'feedback_type_deposit',
  WITHDRAWAL: 'feedback_type_withdrawal',
  GAME: 'feedback_type_game',
  ACCOUNT: 'feedback_type_account',
  OTHER: 'feedback_type_misc',
};
const typeLabel = (type: FeedbackType): TranslationKey => TYPE_LABELS[type];

function History({ scope, timeZone }: { scope: string | null; timeZone: string }) {
  const { t } = useTranslation();
  const pages = useMyFeedback(scope);
  const list = (pages.data ?? []).flatMap((p) => p.list);
  const last = pages.data?.at(-1);
  if (pages.data === undefined) return null;
  return (
    <section className="feedback-history" aria-labelledby="feedback-history-title">
      <h2 id="feedback-history-title" className="feedback-history__title">
        {t('feedback_mine')}
      </h2>
      {list.length === 0 ? (
        <p className="feedback-history__empty">{t('feedback_none')}</p>
      ) : (
        <ul className="feedback-history__list">
          {list.map((f: Feedback) => (
            <li key={f.id} className="feedback-history__item" data-feedback-id={f.id}>
              <p className="feedback-history__meta">
                <span>{t(typeLabel(f.type))}</span>
                <time dateTime={f.createdAt}>{formatRecordTime(f.createdAt, timeZone)}</time>
              </p>
              <p className="feedback-history__content">{f.content}</p>
              {f.images > 0 ? <p className="feedback-history__images">{t('feedback_images_sent', { count: f.images })}</p> : null}
              {f.reply ? (
                <div className="feedback-history__reply">
                  <p className="feedback-history__reply-label">{t('feedback_reply')}</p>
                  <p>{f.reply}</p>
                </div>
              ) : (
                <p className="feedback-history__waiting">{t('feedback_waiting')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {last && last.pageNum < last.totalPages ? (
        <button type="button" className="feedback-history__more" onClick={() => void pages.setSize(pages.size + 1)}>
          {t('records_load_more')}
        </button>
      ) : null}
    </section>
  );
}

function FeedbackForm({ images: allowImages = true, history = true }: WidgetComponentProps<FeedbackFormProps>) {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const scope = useMemberScope();
  const range = feedbackWordRange(tenant.settings);
  const typeId = useId();
  const contentId = useId();
  const imagesId = useId();
  const [type, setType] = useState<FeedbackType>(FEEDBACK_TYPES[0]);
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [imageProblem, setImageProblem] = useState<Problem | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const trial = useRuntimeState((state) => isTrialMember(state.session?.type));
  const pages = useMyFeedback(history && !trial ? scope : null);
  const words = countWords(content);
  const wordsOk = words >= range.min && words <= range.max;

  const pick = (chosen: readonly File[]) => {
    let refused: Problem | null = null;
    const next = [...files];
    for (const file of chosen) {
      const why = checkFeedbackImage(file);
      if (why) refused = { key: why, params: { max: 5 } };
      else if (next.length >= MAX_FEEDBACK_IMAGES) refused = { key: 'feedback_images_max', params: { max: MAX_FEEDBACK_IMAGES } };
      else next.push(file);
    }
    setFiles(next);
    setImageProblem(refused);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!wordsOk) {
      setProblem({ key: 'feedback_words', params: { min: range.min, max: range.max } });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const imageIds: number[] = [];
      for (const file of files) imageIds.push((await uploadFeedbackImage(file)).id);
      await submitFeedback({ type, content: content.trim(), ...(imageIds.length > 0 ? { imageIds: imageIds as FeedbackBody['imageIds'] } : {}) });
      setContent('');
      setFiles([]);
      setImageProblem(null);
      void showToast('feedback_sent');
      if (history) await pages.mutate();
    } catch (err) {
      setProblem(failureOf(err, range));
    } finally {
      setBusy(false);
    }
  };

  // Spec section 8: a free-trial account is told to log in with a real one (the server refuses it too).
  if (trial) {
    return (
      <div className="feedback-form feedback-form--trial">
        <p>{t('login_actual_account')}</p>
      </div>
    );
  }

  return (
    <div className="feedback-form">
      <form className="feedback-form__form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="form-field">
          <label className="form-field__label" htmlFor={typeId}>
            {t('feedback_type')}
          </label>
          <select id={typeId} className="feedback-form__select" value={type} onChange={(e) => setType(e.target.value as FeedbackType)}>
            {FEEDBACK_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(typeLabel(v))}
              </option>
            ))}
          </select>
        </div>
        <div className={`form-field form-field--required${problem?.key === 'feedback_words' ? ' form-field--invalid' : ''}`}>
          <label className="form-field__label" htmlFor={contentId}>
            {t('feedback_content')}
          </label>
          <textarea
            id={contentId}
            className="feedback-form__content"
            rows={6}
            maxLength={20000}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            aria-describedby={`${contentId}-count`}
            aria-invalid={problem?.key === 'feedback_words' ? true : undefined}
          />
          <p id={`${contentId}-count`} className={`feedback-form__count${content && !wordsOk ? ' feedback-form__count--off' : ''}`} data-testid="feedback-word-count">
            {t('feedback_word_count', { count: words, min: range.min, max: range.max })}
          </p>
        </div>
        {allowImages ? (
          <FilePicker
            id={imagesId}
            label={t('feedback_images', { max: MAX_FEEDBACK_IMAGES })}
            accept={FEEDBACK_IMAGE_ACCEPT}
            multiple
            preview
            max={MAX_FEEDBACK_IMAGES}
            files={files}
            onPick={pick}
            onRemove={(i) => {
              setImageProblem(null);
              setFiles(files.filter((_, j) => j !== i));
            }}
            error={imageProblem ? runtimeText(i18n, imageProblem.key, imageProblem.params) : null}
          />
        ) : null}
        {problem ? (
          <p className="form-field__error" role="alert">
            {runtimeText(i18n, problem.key, problem.params)}
          </p>
        ) : null}
        <button type="submit" className="button button--primary feedback-form__submit" disabled={busy || !scope}>
          {t('submit')}
        </button>
      </form>
      {history ? <History scope={scope} timeZone={tenantTimeZone(tenant)} /> : null}
    </div>
  );
}

export default FeedbackForm;
