/**
 * Images a member picks to upload (feedback, promotion applications): spec section 5, "images png
 * or jpg, max 5 MB each, up to 3". Checked in the browser before any upload, with the messages
 * the server's refusals carry (image_type, image_size, image_count).
 */

const IMAGE_FILE_TYPES: readonly string[] = ['image/png', 'image/jpeg'];
export const IMAGE_FILE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
export const MAX_IMAGE_FILE_MB = 5;
const MAX_IMAGE_FILE_BYTES = MAX_IMAGE_FILE_MB * 1024 * 1024;
export const MAX_IMAGE_FILES = 3;

/** Why a file cannot be uploaded, as a message key, or null. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): 'image_type' | 'image_size' | null {
  if (!IMAGE_FILE_TYPES.includes(file.type) || file.size === 0) return 'image_type';
  if (file.size > MAX_IMAGE_FILE_BYTES) return 'image_size';
  return null;
}

/**
 * Adds picked files to those already chosen: the acceptable ones up to `max`, and the message of
 * the last refused one (a wrong type, too large, one too many), or null.
 */
export function addImageFiles(chosen: readonly File[], picked: readonly File[], max = MAX_IMAGE_FILES): { files: File[]; problem: 'image_type' | 'image_size' | 'image_count' | null } {
  const files = [...chosen];
  let problem: 'image_type' | 'image_size' | 'image_count' | null = null;
  for (const file of picked) {
    const why = checkImageFile(file);
    if (why) problem = why;
    else if (files.length >= max) problem = 'image_count';
    else files.push(file);
  }
  return { files, problem };
}
