import { useEffect, useState } from 'react';

/**
 * An object URL of a picture for an <img>: made after render (never on the server), revoked when
 * the picture changes or the component goes. Null without a picture.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [made, setMade] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(blob);
    setMade({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return blob && made?.blob === blob ? made.url : null;
}
