import { proxy } from 'valtio';
import { useProxyState } from '../../lib/hydration';

export type ShellDialog = 'login' | 'referral' | 'language';

/** The shell's one open dialog: item actions open it by name, the dialog host shows it. */
const dialogState = proxy<{ open: ShellDialog | null }>({ open: null });
/** The server renders no dialog open. */
const NO_DIALOG: { open: ShellDialog | null } = { open: null };

export function openDialog(dialog: ShellDialog): void {
  dialogState.open = dialog;
}

export function closeDialog(): void {
  dialogState.open = null;
}

export function useOpenDialog(): ShellDialog | null {
  return useProxyState(dialogState, (state) => state.open, NO_DIALOG);
}
