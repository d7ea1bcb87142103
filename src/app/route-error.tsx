import { Component, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { href } from '../lib/routes';

/** Last resort when a whole route fails (a widget failing is contained by the renderer instead). */
function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="screen screen--error" role="alert">
      <h1 className="screen__title">{t('unknown_error')}</h1>
      <a className="screen__action" href={href('home')}>
        {t('home')}
      </a>
    </main>
  );
}

/** Shows RouteError instead of a shell or screen that threw while rendering. */
export class RouteErrorBoundary extends Component<{ children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
