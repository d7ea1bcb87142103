// The dialog frame lives in src/lib so that widgets (which never import the app shell) can use it too.
export { Modal, type ModalProps } from '../../lib/modal';
