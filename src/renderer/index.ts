export { Slot, renderSlot, type SlotProps } from './slot';
export { selectVariant } from './select-variant';
export { RendererProvider, useRendererEnv, buildMode, type RenderMode, type WidgetRegistry } from './renderer-context';
export { isNodeBoundary } from './node-boundary';
