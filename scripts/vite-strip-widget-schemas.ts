import type { Plugin } from 'vite';

/** A widget's props schema file (widgets/<name>/props.schema.json). */
export const WIDGET_SCHEMA = /[\\/]widgets[\\/][^\\/]+[\\/]props\.schema\.json$/;

/**
 * Widget props schemas are for the tenant validator (server and CLI): the browser renders tenants
 * the server has already validated and never reads them. The client build gets an empty object in
 * their place, which keeps ~5 KB gzip of JSON Schema out of the first load. The dev server and the
 * server-render build keep them.
 */
export function stripWidgetSchemas(): Plugin {
  return {
    name: 'strip-widget-schemas',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (this.environment.config.consumer !== 'client') return null;
      return WIDGET_SCHEMA.test(id.split('?')[0]) ? '{}' : null;
    },
  };
}
