import { createStore, useStore } from '../../lib/store';

export type ShellDialog = 'login' | 'referral' | 'language';

/** The shell's one open dialog: item actions open it by name, the dialog host shows it. */
const dialogStore = createStore<{ open: ShellDialog | null }>({ open: null });

export function openDialog(dialog: ShellDialog): void {
  dialogStore.set({ open: dialog });
}

export function closeDialog(): void {
  dialogStore.set({ open: null });
}

export function useOpenDialog(): ShellDialog | null {
  return useStore(dialogStore, (state) => state.open);
}
