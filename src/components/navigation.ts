import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { backTarget, historyCanGoBack, HOME_PATH } from '../lib/layout-rules';

/** The back behaviour of spec section 2 for the current page (see layout-rules backTarget). */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    const target = backTarget(pathname, historyCanGoBack(window.history.state));
    if (target.kind === 'home') void navigate(HOME_PATH);
    else if (target.kind === 'history') void navigate(-1);
    else void navigate(HOME_PATH, { replace: true });
  }, [navigate, pathname]);
}
