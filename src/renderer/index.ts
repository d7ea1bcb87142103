export { Slot, renderSlot } from './slot';
export { selectVariant } from './select-variant';
export { RendererProvider, useRendererEnv, type RenderMode, type WidgetRegistry } from './renderer-context';
export { isNodeBoundary } from './node-boundary';
