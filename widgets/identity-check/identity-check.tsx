import './styles.css';
import { useState, type ReactNode } from 'react';
import type { IdentityCheckProps } from '../../src/generated/widgets/identity-check';
import { FilePicker } from '../../src/components/file-picker';
import { FormError, SubmitButton, TextField, useMessageText } from '../../src/components/form';
import { ApiFailure } from '../../src/lib/api/client';
import { tenantTimeZone } from '../../src/lib/app-config';
import { showToast } from '../../src/lib/feedback';
import { useTranslation } from '../../src/lib/i18n';
import { isTrialMember } from '../../src/lib/layout-rules';
import { useMemberScope, useRuntimeActions, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  checkIdentityField,
  checkIdentityImage,
  IDENTITY_FIELDS,
  IDENTITY_IMAGE_ACCEPT,
  IDENTITY_MAX_LENGTH,
  IDENTITY_SIDES,
  refusedField,
  securityFailureMessage,
  submitIdentity,
  todayIn,
  uploadIdentityImage,
  useIdentity,
  type IdentityDetails,
  type IdentityField,
  type IdentitySide,
  type IdentityStatus,
  type SecurityMessage,
} from '../../src/features/wallet';

const SIDE_LABELS: Readonly<Record<IdentitySide, string>> = { front: 'id_front', back: 'id_back', selfie: 'id_selfie' };

const EMPTY: IdentityDetails = {
  realName: '',
  birthday: '',
  nationality: '',
  address: '',
  occupation: '',
  sourceOfIncome: '',
  placeOfBirth: '',
  idNumber: '',
};

type Images = Partial<Record<IdentitySide, File>>;
type ImageErrors = Partial<Record<IdentitySide, SecurityMessage | null>>;

/** One image field: the side's label, the rule, the chosen file's name and what is wrong with it. */
function ImageField({ side, file, error, onPick }: { side: IdentitySide; file: File | undefined; error: SecurityMessage | null | undefined; onPick(file: File | null): void }) {
  const { t } = useTranslation();
  const text = useMessageText();
  return (
    <FilePicker
      className="identity-image"
      id={`identity-image-${side}`}
      label={t(SIDE_LABELS[side] as 'id_front')}
      accept={IDENTITY_IMAGE_ACCEPT}
      required
      // A refused file is not kept: only an accepted one is shown as chosen.
      files={file && !error ? [file] : []}
      onPick={(picked) => onPick(picked[0] ?? null)}
      error={error ? text(error) : null}
    />
  );
}

/** The images still missing from an open check, picked and sent one by one (the same rules). */
function useImageUploads(onStatus: (status: IdentityStatus) => void) {
  const [images, setImages] = useState<Images>({});
  const [errors, setErrors] = useState<ImageErrors>({});
  const pick = (side: IdentitySide, file: File | null) => {
    // Checked here, before anything is sent: the server would refuse it after a 5 MB upload.
    const problem = checkIdentityImage(file);
    setErrors((e) => ({ ...e, [side]: file ? problem : null }));
    setImages((i) => {
      const next = { ...i };
      if (file && !problem) next[side] = file;
      else delete next[side];
      return next;
    });
  };
  /** Checks the sides, then sends each one the status still lacks, in order; resolves with the last status. */
  const checkAll = (sides: readonly IdentitySide[]): boolean => {
    const found: ImageErrors = {};
    for (const side of sides) found[side] = errors[side] ?? checkIdentityImage(images[side] ?? null);
    setErrors((e) => ({ ...e, ...found }));
    return sides.every((side) => !found[side]);
  };
  const send = async (status: IdentityStatus, sides: readonly IdentitySide[]): Promise<IdentityStatus> => {
    let latest = status;
    for (const side of sides) {
      if (latest.images[side]) continue;
      const file = images[side];
      if (!file) continue;
      latest = await uploadIdentityImage(side, file);
      onStatus(latest);
    }
    return latest;
  };
  return { images, errors, pick, checkAll, send };
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="identity-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** Pending and approved: what was sent, read only; a pending check still lacking images takes them here. */
function Summary({ status, onStatus }: { status: IdentityStatus; onStatus(s: IdentityStatus): void }) {
  const { t } = useTranslation();
  const uploads = useImageUploads(onStatus);
  const [formError, setFormError] = useState<SecurityMessage | null>(null);
  const approved = status.state === 'approved';
  const missing = approved ? [] : IDENTITY_SIDES.filter((side) => !status.images[side]);

  const submit = () => {
    setFormError(null);
    if (!uploads.checkAll(missing)) return;
    return uploads.send(status, missing).then(
      () => void showToast('identity_images_sent'),
      (err: unknown) => setFormError(securityFailureMessage(err)),
    );
  };

  return (
    <div className={`identity-summary identity-summary--${status.state}`}>
      <p className={`identity-state identity-state--${status.state}`} role="status" data-testid="identity-state">
        {t(approved ? 'identity_approved' : 'identity_pending')}
      </p>
      <p className="identity-summary__note">{t(approved ? 'identity_approved_note' : 'identity_pending_note')}</p>
      <dl className="identity-rows">
        <Row label={t('real_name')} testId="identity-real-name">
          {status.realName ?? ''}
        </Row>
        <Row label={t('birthday')}>{status.birthday ?? ''}</Row>
        <Row label={t('nationality')}>{status.nationality ?? ''}</Row>
        <Row label={t('id_number')} testId="identity-id-number">
          {status.idNumber ?? ''}
        </Row>
        {status.submittedAt ? <Row label={t('identity_submitted_at')}>{status.submittedAt.slice(0, 10)}</Row> : null}
        {approved && status.decidedAt ? <Row label={t('identity_decided_at')}>{status.decidedAt.slice(0, 10)}</Row> : null}
        {IDENTITY_SIDES.map((side) => (
          <Row key={side} label={t(SIDE_LABELS[side] as 'id_front')} testId={`identity-image-${side}-state`}>
            {t(status.images[side] ? 'identity_image_received' : 'identity_image_missing')}
          </Row>
        ))}
      </dl>
      {missing.length > 0 ? (
        <form className="identity-missing" method="post" noValidate>
          <p className="identity-missing__note">{t('identity_images_missing_note')}</p>
          {missing.map((side) => (
            <ImageField key={side} side={side} file={uploads.images[side]} error={uploads.errors[side]} onPick={(f) => uploads.pick(side, f)} />
          ))}
          <FormError error={formError} />
          <SubmitButton className="button button--primary identity-form__submit" onSubmit={submit}>
            {t('identity_send_images')}
          </SubmitButton>
        </form>
      ) : null}
    </div>
  );
}

/** The details and the three images: the details open the check (POST), then each image follows (PUT). */
function IdentityForm({ initial, onStatus, onRefusedOpen }: { initial: Partial<IdentityDetails>; onStatus(s: IdentityStatus): void; onRefusedOpen(): void }) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const ageLimit = tenant.settings.ageLimit;
  const [values, setValues] = useState<IdentityDetails>({ ...EMPTY, ...initial });
  const [errors, setErrors] = useState<Partial<Record<IdentityField, SecurityMessage | null>>>({});
  const [formError, setFormError] = useState<SecurityMessage | null>(null);
  // The check opened by this form: a retry after a failed image sends only the images.
  const [opened, setOpened] = useState<IdentityStatus | null>(null);
  const uploads = useImageUploads(setOpened);

  // "Today" is read when checking (a tap or a blur), never during render.
  const check = (field: IdentityField, value: string) => checkIdentityField(field, value, ageLimit, todayIn(tenantTimeZone(tenant)));

  const change = (field: IdentityField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFormError(null);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: check(field, value) }));
  };

  const submit = () => {
    setFormError(null);
    const sendDetails = opened === null;
    const found: Partial<Record<IdentityField, SecurityMessage | null>> = {};
    if (sendDetails) for (const { field } of IDENTITY_FIELDS) found[field] = check(field, values[field]);
    setErrors(found);
    const imagesOk = uploads.checkAll(IDENTITY_SIDES);
    if (Object.values(found).some(Boolean) || !imagesOk) return;
    return (async () => {
      try {
        let status = opened;
        if (status === null) {
          const body = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as unknown as IdentityDetails;
          status = await submitIdentity(body);
          setOpened(status);
        }
        const done = await uploads.send(status, IDENTITY_SIDES);
        void showToast('identity_submitted');
        onStatus(done);
      } catch (err) {
        const message = securityFailureMessage(err);
        const field = refusedField(err) as IdentityField | undefined;
        if (field && field in EMPTY) setErrors((e) => ({ ...e, [field]: message }));
        setFormError(message);
        // Opened meanwhile (another tab): the state is read again and shown.
        if (err instanceof ApiFailure && err.errorCode === 'identity.open') onRefusedOpen();
      }
    })();
  };

  // Once the check is open its details are sent: only the images may still change.
  const locked = opened !== null;
  return (
    <form className="identity-form" method="post" noValidate>
      {IDENTITY_FIELDS.map(({ field, label }) => (
        <TextField
          key={field}
          label={label}
          name={field}
          type={field === 'birthday' ? 'date' : 'text'}
          autoComplete={field === 'realName' ? 'name' : field === 'birthday' ? 'bday' : field === 'address' ? 'street-address' : 'off'}
          maxLength={IDENTITY_MAX_LENGTH[field]}
          value={values[field]}
          onValueChange={(v) => change(field, v)}
          onBlur={() => values[field] !== '' && setErrors((e) => ({ ...e, [field]: check(field, values[field]) }))}
          error={errors[field]}
          hint={field === 'realName' ? 'identity_real_name_hint' : undefined}
          readOnly={locked}
          required
        />
      ))}
      <p className="identity-form__age">{t('identity_age_rule', { age: ageLimit })}</p>
      <fieldset className="identity-form__images">
        <legend className="identity-form__legend">{t('identity_images')}</legend>
        <p className="form-field__hint">{t('identity_images_rule')}</p>
        {IDENTITY_SIDES.map((side) => (
          <ImageField key={side} side={side} file={uploads.images[side]} error={uploads.errors[side]} onPick={(f) => uploads.pick(side, f)} />
        ))}
      </fieldset>
      <FormError error={formError} />
      <SubmitButton className="button button--primary identity-form__submit" onSubmit={submit}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}

function IdentityCheck(_props: WidgetComponentProps<IdentityCheckProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const trial = useRuntimeState((state) => isTrialMember(state.session?.type));
  const { requireLogin } = useRuntimeActions();
  const identity = useIdentity(hydrated && !trial ? scope : null);
  const [retrying, setRetrying] = useState(false);
  const { data, error, mutate } = identity;

  if (!hydrated) return <div className="identity-check identity-check--loading" aria-busy="true" />;
  if (!signedIn) {
    return (
      <div className="identity-check identity-check--visitor">
        <p>{t('not_logged_in')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }
  if (trial) {
    return (
      <div className="identity-check identity-check--trial">
        <p>{t('login_actual_account')}</p>
      </div>
    );
  }
  if (error && !data) {
    return (
      <div className="identity-check identity-check--failed">
        <FormError error={securityFailureMessage(error)} />
        <button type="button" className="button button--secondary" onClick={() => void mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!data) return <div className="identity-check identity-check--loading" aria-busy="true" />;

  const show = (status: IdentityStatus) => {
    setRetrying(false);
    // Every reader of the identity (payout accounts too) shares this cache entry.
    void mutate(status, { revalidate: false });
  };

  let body: ReactNode;
  if (data.state === 'pending' || data.state === 'approved') body = <Summary status={data} onStatus={(s) => void mutate(s, { revalidate: false })} />;
  else if (data.state === 'rejected' && !retrying) {
    body = (
      <div className="identity-rejected" role="status">
        <p className="identity-state identity-state--rejected" data-testid="identity-state">
          {t('identity_rejected')}
        </p>
        {data.reason ? <p className="identity-rejected__reason">{t('identity_rejected_reason', { reason: data.reason })}</p> : null}
        <button type="button" className="button button--primary identity-rejected__again" onClick={() => setRetrying(true)}>
          {t('identity_submit_again')}
        </button>
      </div>
    );
  } else {
    const initial = data.state === 'rejected' ? { realName: data.realName ?? '', birthday: data.birthday ?? '', nationality: data.nationality ?? '' } : {};
    body = (
      <>
        {data.state === 'none' ? <p className="identity-check__intro">{t('identity_intro')}</p> : null}
        <IdentityForm initial={initial} onStatus={show} onRefusedOpen={() => void mutate()} />
      </>
    );
  }

  return (
    <section className="identity-check" aria-labelledby="identity-check-title">
      <h2 id="identity-check-title" className="identity-check__title">
        {t('identity_title')}
      </h2>
      {body}
    </section>
  );
}

export default IdentityCheck;
