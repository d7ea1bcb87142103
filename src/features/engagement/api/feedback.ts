/**
 * Feedback (schemas/api/feedback.json): images uploaded one by one, then the feedback naming
 * them; the member's own feedback with the operator's replies.
 */
import type { SWRInfiniteResponse } from 'swr/infinite';
import type { Feedback, FeedbackPage, SubmitBody, Type as FeedbackType } from '../../../generated/api/feedback';
import type { TenantSettings } from '../../../generated/tenant';
import { request, type ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResourcePages } from '../../../lib/api/swr';
import { checkImageFile, IMAGE_FILE_ACCEPT, MAX_IMAGE_FILES } from '../../../components/image-picker/image-files';

export type { Feedback, FeedbackPage, FeedbackType, SubmitBody as FeedbackBody };

const FEEDBACK_ENDPOINT = 'GET /wps/feedback';

/** The types a member picks from, in the order shown. */
export const FEEDBACK_TYPES: readonly FeedbackType[] = ['SUGGESTION', 'DEPOSIT', 'WITHDRAWAL', 'GAME', 'ACCOUNT', 'OTHER'];
export const FEEDBACK_IMAGE_ACCEPT = IMAGE_FILE_ACCEPT;
export const MAX_FEEDBACK_IMAGES = MAX_IMAGE_FILES;

/** The tenant's word counts (the server's default when it names none). */
export function feedbackWordRange(settings: Pick<TenantSettings, 'feedback'>): { min: number; max: number } {
  return { min: settings.feedback?.minWords ?? 5, max: settings.feedback?.maxWords ?? 500 };
}

/** Words as the server counts them: runs of anything but white space. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

/** Why an image cannot be sent, as a message key, or null. */
export function checkFeedbackImage(file: Pick<File, 'type' | 'size'>): 'image_type' | 'feedback_image_size' | null {
  const why = checkImageFile(file);
  return why === 'image_size' ? 'feedback_image_size' : why;
}

export function uploadFeedbackImage(image: Blob): Promise<{ id: number }> {
  return request('PUT', '/wps/feedback/images', { blob: image });
}

export function submitFeedback(body: SubmitBody): Promise<Feedback> {
  return request('POST', '/wps/feedback', { body });
}

/** The member's feedback, newest first, page by page (`scope`: the member; null loads nothing). */
export function useMyFeedback(scope: string | null | undefined, pageSize = 10): SWRInfiniteResponse<FeedbackPage, ApiFailure> {
  return useResourcePages<typeof FEEDBACK_ENDPOINT>(
    (index, previous) => {
      if (!scope || (previous && index >= previous.totalPages)) return null;
      return resourceKey(FEEDBACK_ENDPOINT, { page: index + 1, pageSize }, scope);
    },
    { revalidateFirstPage: false },
  );
}

