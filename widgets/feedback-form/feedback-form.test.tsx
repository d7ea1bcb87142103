// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/lib/api/client';
import type { Feedback, FeedbackPage } from '../../src/features/engagement';
import { feedbackStore } from '../../src/lib/feedback';
import { reloadSessionFromStorage, SESSION_KEY } from '../../src/lib/session';
import { TY } from '../../tests/renderer/harness';
import { callsTo, fail, renderForm, scriptApi, setUpFormTests, tenantWith, type Handler } from '../../tests/forms/helpers';
import manifest from './index';

vi.mock('../../src/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  request: vi.fn(),
}));

const Form = manifest.component;
setUpFormTests(request, <Form />, () => import('./feedback-form'));

const LIST = 'GET /wps/feedback';
const SIX_WORDS = 'The games load slowly at night';
const fill = (text: string) => fireEvent.change(screen.getByLabelText(TY.feedback_content), { target: { value: text } });
const png = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });

function page(list: Feedback[]): FeedbackPage {
  return { list, pageNum: 1, totalPages: list.length ? 1 : 0, total: list.length };
}

async function setup(handlers: Record<string, Handler> = {}, words = { minWords: 5, maxWords: 8 }) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
  reloadSessionFromStorage();
  let uploads = 0;
  const calls = scriptApi(request, {
    [LIST]: () => page([]),
    'PUT /wps/feedback/images': () => ({ id: 100 + ++uploads }),
    'POST /wps/feedback': (opts) => ({ id: 1, images: ((opts.body as { imageIds?: number[] }).imageIds ?? []).length, createdAt: '2026-11-23T02:00:00.000Z', ...(opts.body as object) }),
    ...handlers,
  });
  const tenant = tenantWith((t) => {
    t.settings.feedback = words;
  });
  renderForm(<Form />, { route: '/m/feedback', tenant });
  await screen.findByText(TY.feedback_none);
  return calls;
}

describe('feedback-form', () => {
  it('counts words against the tenant’s bounds and refuses out of range before calling', async () => {
    const calls = await setup();
    fill('too short');
    expect(screen.getByTestId('feedback-word-count').textContent).toBe(TY.feedback_word_count.replace('{{count}}', '2').replace('{{min}}', '5').replace('{{max}}', '8'));
    fireEvent.click(screen.getByRole('button', { name: TY.submit }));
    expect(screen.getByRole('alert').textContent).toBe(TY.feedback_words.replace('{{min}}', '5').replace('{{max}}', '8'));
    fill('one two three four five six seven eight nine');
    fireEvent.click(screen.getByRole('button', { name: TY.submit }));
    expect(screen.getByRole('alert').textContent).toBe(TY.feedback_words.replace('{{min}}', '5').replace('{{max}}', '8'));
    expect(callsTo(calls, 'POST /wps/feedback')).toHaveLength(0);
  });

  it('sends the type, the content and up to 3 images (uploaded first), then lists it', async () => {
    let sent: Feedback[] = [];
    const calls = await setup({ [LIST]: () => page(sent) });
    fireEvent.change(screen.getByLabelText(TY.feedback_type), { target: { value: 'DEPOSIT' } });
    fill(`  ${SIX_WORDS} `);
    const input = screen.getByLabelText(TY.feedback_images.replace('{{max}}', '3')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [png('a.png'), png('b.png')] } });
    fireEvent.change(input, { target: { files: [new File(['x'], 'c.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert').textContent).toBe(TY.image_type);
    fireEvent.change(input, { target: { files: [png('big.png', 5 * 1024 * 1024 + 1)] } });
    expect(screen.getByRole('alert').textContent).toBe(TY.feedback_image_size.replace('{{max}}', '5'));
    fireEvent.change(input, { target: { files: [png('c.png'), png('d.png')] } });
    expect(screen.getByRole('alert').textContent).toBe(TY.feedback_images_max.replace('{{max}}', '3'));
    expect(within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.querySelector('.file-picker__name')?.textContent)).toEqual(['a.png', 'b.png', 'c.png']);
    fireEvent.click(screen.getByRole('button', { name: TY.file_remove.replace('{{name}}', 'b.png') }));

    sent = [{ id: 1, type: 'DEPOSIT', content: SIX_WORDS, images: 2, createdAt: '2026-11-23T02:00:00.000Z', reply: 'We are on it' }];
    fireEvent.click(screen.getByRole('button', { name: TY.submit }));
    await waitFor(() => expect(callsTo(calls, 'POST /wps/feedback')).toHaveLength(1));
    expect(callsTo(calls, 'PUT /wps/feedback/images').map((c) => (c.opts.blob as File).name)).toEqual(['a.png', 'c.png']);
    expect(callsTo(calls, 'POST /wps/feedback')[0].opts.body).toEqual({ type: 'DEPOSIT', content: SIX_WORDS, imageIds: [101, 102] });
    expect(await screen.findByText('We are on it')).toBeTruthy();
    expect(feedbackStore.toasts.map((t) => t.key)).toContain('feedback_sent');
    expect((screen.getByLabelText(TY.feedback_content) as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the server’s word-count refusal with its bounds', async () => {
    await setup({ 'POST /wps/feedback': () => fail('feedback.words', 'feedback_words', { field: '/content', min: 6, max: 7, words: 6 }) });
    fill(SIX_WORDS);
    fireEvent.click(screen.getByRole('button', { name: TY.submit }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TY.feedback_words.replace('{{min}}', '6').replace('{{max}}', '7')));
  });

  it('lists earlier feedback with the reply or the wait for one', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'juan123', type: 0, firstTimeLogin: false }));
    reloadSessionFromStorage();
    scriptApi(request, {
      [LIST]: () =>
        page([
          { id: 2, type: 'GAME', content: 'Second', images: 0, createdAt: '2026-11-23T02:00:00.000Z' },
          { id: 1, type: 'OTHER', content: 'First', images: 1, createdAt: '2026-11-22T02:00:00.000Z', reply: 'Thanks', repliedAt: '2026-11-22T05:00:00.000Z' },
        ]),
    });
    renderForm(<Form />, { route: '/m/feedback' });
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.dataset.feedbackId)).toEqual(['2', '1']);
    expect(within(items[0]).getByText(TY.feedback_waiting)).toBeTruthy();
    expect(within(items[1]).getByText('Thanks')).toBeTruthy();
    expect(within(items[1]).getByText(TY.feedback_type_misc)).toBeTruthy();
  });

  it('tells a free-trial account to log in with a real one and loads nothing', async () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-0123456789abcdef', merchantCode: 'fixture01', userName: 'trial123', type: 4, firstTimeLogin: false }));
    reloadSessionFromStorage();
    const calls = scriptApi(request, {});
    renderForm(<Form />, { route: '/m/feedback' });
    expect(await screen.findByText(TY.login_actual_account)).toBeTruthy();
    expect(screen.queryByLabelText(TY.feedback_content)).toBeNull();
    expect(callsTo(calls, LIST)).toHaveLength(0);
  });
});
