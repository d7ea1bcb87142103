import { createContext, useContext } from 'react';

/**
 * How the container around an item lays it out. Containers provide it and items read it, so an
 * item widget styles itself for a list row, a tile or a footer slot without widgets importing
 * each other.
 */
export type ItemLayout = 'row' | 'tile' | 'footer' | 'popover' | 'quick' | 'agent';

const ItemLayoutContext = createContext<ItemLayout>('row');

export const ItemLayoutProvider = ItemLayoutContext.Provider;

export function useItemLayout(): ItemLayout {
  return useContext(ItemLayoutContext);
}
