// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import { ageOn, checkIdentityField, todayIn, type IdentityStatus } from '../../src/features/wallet';
import { feedbackStore } from '../../src/lib/feedback';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const IdentityCheck = manifest.component;
setUpFormTests(request, <IdentityCheck />, () => import('./identity-check'));

const GET = 'GET /wps/security/identity';
const SUBMIT = 'POST /wps/security/identity';
const put = (side: string) => `PUT /wps/security/identity/images/${side}`;

const NO_IMAGES = { front: false, back: false, selfie: false };
const ALL_IMAGES = { front: true, back: true, selfie: true };
const DETAILS = { realName: 'Juan Dela Cruz', birthday: '1990-01-02', nationality: 'Filipino', idNumber: '****1234' };
const PENDING: IdentityStatus = { state: 'pending', id: 5, submittedAt: '2026-11-20T03:00:00.000Z', ...DETAILS, images: ALL_IMAGES };

/** i18next-style interpolation of a TY text. */
const ty = (key: string, params: Record<string, string | number> = {}) => TY[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

function logIn(type = 0) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type, firstTimeLogin: false }));
  reloadSessionFromStorage();
}

async function setup(status: IdentityStatus, handlers: Record<string, Handler> = {}) {
  logIn();
  const calls = scriptApi(request, { [GET]: () => status, ...handlers });
  renderForm(<IdentityCheck />, { route: '/m/securityCenter?view=identity' });
  await screen.findByRole('heading', { name: TY.identity_title });
  return calls;
}

const png = (name = 'id.png', size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const input = (key: string) => screen.getByLabelText(TY[key], { selector: 'input' }) as HTMLInputElement;
const typeIn = (key: string, value: string) => fireEvent.change(input(key), { target: { value } });
const pick = (key: string, file: File) => fireEvent.change(input(key), { target: { files: [file] } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: TY.submit }));

function fillDetails(birthday = '1990-01-02') {
  typeIn('real_name', 'Juan Dela Cruz');
  typeIn('birthday', birthday);
  typeIn('nationality', 'Filipino');
  typeIn('address', '1 Rizal St, Manila');
  typeIn('occupation', 'Engineer');
  typeIn('source_of_income', 'Salary');
  typeIn('place_of_birth', 'Cebu');
  typeIn('id_number', 'N01-23-456789');
}

function pickImages() {
  pick('id_front', png('front.png'));
  pick('id_back', png('back.png'));
  pick('id_selfie', new File([new Uint8Array(10)], 'selfie.jpg', { type: 'image/jpeg' }));
}

describe('identity-check rules', () => {
  it('counts whole years and refuses dates that do not exist', () => {
    expect(ageOn('2005-11-23', '2026-11-23')).toBe(21);
    expect(ageOn('2005-11-24', '2026-11-23')).toBe(20);
    expect(ageOn('2001-02-29', '2026-11-23')).toBeNull();
    expect(checkIdentityField('birthday', '2005-11-24', 21, '2026-11-23')).toEqual({ key: 'identity_age_limit', params: { age: 21 } });
    expect(checkIdentityField('birthday', '2005-11-23', 21, '2026-11-23')).toBeNull();
    expect(checkIdentityField('birthday', '2027-01-01', 18, '2026-11-23')).toEqual({ key: 'valid_birth_date_required' });
    expect(todayIn('Asia/Manila', Date.UTC(2026, 10, 23, 17, 0))).toBe('2026-11-24');
    expect(todayIn('Not/AZone', Date.UTC(2026, 10, 23, 12, 0))).toMatch(/^2026-11-2[34]$/);
  });
});

describe('identity-check', () => {
  it('asks a visitor to log in and loads nothing', () => {
    const calls = scriptApi(request, {});
    renderForm(<IdentityCheck />, { route: '/m/securityCenter?view=identity' });
    expect(screen.getByText(TY.not_logged_in)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('tells a free-trial account to use a real one', async () => {
    logIn(4);
    const calls = scriptApi(request, {});
    renderForm(<IdentityCheck />, { route: '/m/securityCenter?view=identity' });
    expect(await screen.findByText(TY.login_actual_account)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('none: shows the form with every field, the age rule of the tenant and the image rule', async () => {
    await setup({ state: 'none', images: NO_IMAGES });
    expect(screen.getByText(TY.identity_intro)).toBeTruthy();
    for (const key of ['real_name', 'birthday', 'nationality', 'address', 'occupation', 'source_of_income', 'place_of_birth', 'id_number', 'id_front', 'id_back', 'id_selfie']) {
      expect(input(key)).toBeTruthy();
    }
    expect(input('birthday').type).toBe('date');
    expect(input('id_front').accept).toContain('image/png');
    expect(screen.getByText(ty('identity_age_rule', { age: 21 }))).toBeTruthy();
    expect(screen.getByText(TY.identity_images_rule)).toBeTruthy();
  });

  it('checks every field and image before sending: required, age under the limit, ID number format', async () => {
    const calls = await setup({ state: 'none', images: NO_IMAGES });
    submit();
    expect((await screen.findAllByText(TY.field_required)).length).toBe(8);
    expect(screen.getAllByText(TY.identity_image_required)).toHaveLength(3);
    fillDetails(`${new Date().getFullYear() - 10}-01-01`);
    typeIn('id_number', 'AB#1');
    submit();
    expect(await screen.findByText(ty('identity_age_limit', { age: 21 }))).toBeTruthy();
    expect(screen.getByText(TY.format_id_number)).toBeTruthy();
    expect(callsTo(calls, SUBMIT)).toHaveLength(0);
  });

  it('refuses an image that is not png or jpg, or larger than 5 MB, with a clear message', async () => {
    await setup({ state: 'none', images: NO_IMAGES });
    pick('id_front', new File(['x'], 'front.gif', { type: 'image/gif' }));
    expect(await screen.findByText(TY.image_type)).toBeTruthy();
    pick('id_back', new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'back.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(ty('identity_image_size', { max: 5 }))).toBeTruthy();
    pick('id_front', png('ok.png'));
    await waitFor(() => expect(screen.queryByText(TY.image_type)).toBeNull());
    expect(screen.getByText('ok.png')).toBeTruthy();
  });

  it('sends the details first, then the images front, back, selfie, and shows the pending summary', async () => {
    let images = { ...NO_IMAGES };
    const status = (): IdentityStatus => ({ ...PENDING, images: { ...images } });
    const side = (name: 'front' | 'back' | 'selfie') => () => {
      images = { ...images, [name]: true };
      return status();
    };
    const calls = await setup({ state: 'none', images: NO_IMAGES }, { [SUBMIT]: status, [put('front')]: side('front'), [put('back')]: side('back'), [put('selfie')]: side('selfie') });
    fillDetails();
    pickImages();
    submit();
    expect(await screen.findByTestId('identity-state')).toBeTruthy();
    const order = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual([SUBMIT, put('front'), put('back'), put('selfie')]);
    expect(callsTo(calls, SUBMIT)[0].opts.body).toEqual({
      realName: 'Juan Dela Cruz',
      birthday: '1990-01-02',
      nationality: 'Filipino',
      address: '1 Rizal St, Manila',
      occupation: 'Engineer',
      sourceOfIncome: 'Salary',
      placeOfBirth: 'Cebu',
      idNumber: 'N01-23-456789',
    });
    expect((callsTo(calls, put('selfie'))[0].opts.blob as File).type).toBe('image/jpeg');
    expect(screen.getByTestId('identity-state').textContent).toBe(TY.identity_pending);
    expect(feedbackStore.toasts.map((t) => t.key)).toContain('identity_submitted');
  });

  it('after a failed image, a retry sends only the images still missing (not the details again)', async () => {
    let images = { ...NO_IMAGES };
    const status = (): IdentityStatus => ({ ...PENDING, images: { ...images } });
    const calls = await setup(
      { state: 'none', images: NO_IMAGES },
      {
        [SUBMIT]: status,
        [put('front')]: () => ((images = { ...images, front: true }), status()),
        [put('back')]: (_o, n) => (n === 1 ? fail('network', 'network_slow', undefined, 0) : ((images = { ...images, back: true }), status())),
        [put('selfie')]: () => ((images = { ...images, selfie: true }), status()),
      },
    );
    fillDetails();
    pickImages();
    submit();
    expect(await screen.findByText(TY.network_slow)).toBeTruthy();
    expect(input('real_name').readOnly).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: TY.submit }).hasAttribute('disabled')).toBe(false));
    submit();
    await screen.findByTestId('identity-state');
    expect(callsTo(calls, SUBMIT)).toHaveLength(1);
    expect(callsTo(calls, put('front'))).toHaveLength(1);
    expect(callsTo(calls, put('back'))).toHaveLength(2);
    expect(callsTo(calls, put('selfie'))).toHaveLength(1);
  });

  it("shows the server's refusals at their field: under age, an invalid birthday, an open check", async () => {
    await setup(
      { state: 'none', images: NO_IMAGES },
      {
        [SUBMIT]: (_o, n) => {
          if (n === 1) fail('identity.age.under', 'err_identity_age_under', { field: '/birthday', ageLimit: 21 });
          if (n === 2) fail('validation.failed', 'err_validation_failed', { field: '/birthday', location: 'body', messageKey: 'in_birthday_incorrect' });
          fail('identity.open', 'err_identity_open', { state: 'pending' }, 409);
        },
      },
    );
    fillDetails();
    pickImages();
    submit();
    expect((await screen.findAllByText(ty('identity_age_limit', { age: 21 }))).length).toBeGreaterThan(0);
    submit();
    expect((await screen.findAllByText(TY.in_birthday_incorrect)).length).toBeGreaterThan(0);
    submit();
    expect(await screen.findByText(TY.err_identity_open)).toBeTruthy();
  });

  it('pending: a read-only summary with the masked ID number and the images received', async () => {
    await setup(PENDING);
    expect(screen.getByTestId('identity-state').textContent).toBe(TY.identity_pending);
    expect(screen.getByTestId('identity-real-name').textContent).toBe('Juan Dela Cruz');
    expect(screen.getByTestId('identity-id-number').textContent).toBe('****1234');
    expect(screen.getByTestId('identity-image-front-state').textContent).toBe(TY.identity_image_received);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('pending with an image missing: takes only that image', async () => {
    const calls = await setup({ ...PENDING, images: { front: true, back: false, selfie: true } }, { [put('back')]: () => PENDING });
    expect(screen.getByTestId('identity-image-back-state').textContent).toBe(TY.identity_image_missing);
    expect(screen.getByText(TY.identity_images_missing_note)).toBeTruthy();
    expect(screen.queryByLabelText(TY.id_front, { selector: 'input' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: TY.identity_send_images }));
    expect(await screen.findByText(TY.identity_image_required)).toBeTruthy();
    pick('id_back', png('back.png'));
    fireEvent.click(screen.getByRole('button', { name: TY.identity_send_images }));
    await waitFor(() => expect(screen.getByTestId('identity-image-back-state').textContent).toBe(TY.identity_image_received));
    expect(callsTo(calls, put('back'))).toHaveLength(1);
    expect(screen.queryByRole('button', { name: TY.identity_send_images })).toBeNull();
  });

  it('approved: a read-only summary saying the identity is verified', async () => {
    await setup({ ...PENDING, state: 'approved', decidedAt: '2026-11-21T03:00:00.000Z' });
    expect(screen.getByTestId('identity-state').textContent).toBe(TY.identity_approved);
    expect(screen.getByText(TY.identity_approved_note)).toBeTruthy();
    expect(screen.getByText('2026-11-21')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("rejected: shows the operator's reason and lets the player submit again, prefilled", async () => {
    const calls = await setup(
      { ...PENDING, state: 'rejected', reason: 'The selfie is blurred', images: ALL_IMAGES },
      { [SUBMIT]: () => ({ ...PENDING, images: NO_IMAGES }), [put('front')]: () => PENDING, [put('back')]: () => PENDING, [put('selfie')]: () => PENDING },
    );
    expect(screen.getByTestId('identity-state').textContent).toBe(TY.identity_rejected);
    expect(screen.getByText(ty('identity_rejected_reason', { reason: 'The selfie is blurred' }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TY.identity_submit_again }));
    expect(input('real_name').value).toBe('Juan Dela Cruz');
    expect(input('birthday').value).toBe('1990-01-02');
    fillDetails();
    pickImages();
    submit();
    await waitFor(() => expect(screen.getByTestId('identity-state').textContent).toBe(TY.identity_pending));
    expect(callsTo(calls, SUBMIT)).toHaveLength(1);
  });
});
