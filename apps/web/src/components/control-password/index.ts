export { ControlPasswordModal, type ControlPasswordModalProps, type ControlRun } from './control-password-modal';
export { type ControlPasswordApi, useControlPassword } from './use-control-password';
