import { TOAST_SECONDS } from '@ess/contract';

/** Where the API client shows its toasts; the app installs antd's message API at start. */
export type Notifier = {
  warning: (text: string, seconds: number) => void;
  error: (text: string, seconds: number) => void;
  success: (text: string, seconds: number) => void;
};

let current: Notifier | null = null;

export const installNotifier = (n: Notifier | null): void => {
  current = n;
};

export const notify = {
  warning: (text: string) => current?.warning(text, TOAST_SECONDS),
  error: (text: string) => current?.error(text, TOAST_SECONDS),
  success: (text: string) => current?.success(text, TOAST_SECONDS),
};
