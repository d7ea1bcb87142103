/**
 * Puts `text` on the clipboard; false when the browser refuses (no permission, no secure context).
 * Call it from the tap's own handler: browsers allow it only on a user gesture.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
