import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { releaseAtNavigation, startTenantVersion } from '../../lib/tenant-release';

/**
 * A tenant version published while the page is open takes over at the next route change: a full
 * navigation to the new URL (the page is rendered again, whole, with the new version) instead of
 * the new screen rendered with the old one (src/lib/tenant-release.ts).
 */
export function TenantRelease({ version }: { version: string | undefined }) {
  const { key } = useLocation();
  const started = useRef(false);
  useEffect(() => {
    startTenantVersion(version);
  }, [version]);
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      return;
    }
    let current = true;
    void releaseAtNavigation().then((changed) => {
      if (changed && current) window.location.replace(window.location.href);
    });
    return () => {
      current = false;
    };
  }, [key]);
  return null;
}
