import { type ReactNode, useCallback, useState } from 'react';
import { ControlPasswordModal, type ControlRun } from './control-password-modal';

type Request = {
  run: ControlRun<unknown>;
  resolve: (result: unknown) => void;
  title?: ReactNode;
  description?: ReactNode;
};

export type ControlPasswordApi = {
  /**
   * Opens the password dialog; once the user confirms, `run` makes the control call with the
   * sealed password. Resolves to the call's answer, or `undefined` when the user cancelled.
   * Failures (incorrect password, delivery in progress) stay in the dialog for another try.
   */
  confirm: <T>(run: ControlRun<T>, text?: { title?: ReactNode; description?: ReactNode }) => Promise<T | undefined>;
  /** Render this once in the page. */
  modal: ReactNode;
};

/**
 * Re-authentication for control actions (issue 14), one dialog per page:
 *
 * ```tsx
 * const password = useControlPassword();
 * const deliver = async () => {
 *   const answer = await password.confirm((sealed, opts) =>
 *     call(controlApi.command, { deviceId, pointCode, value, ...sealed }, opts),
 *   );
 *   if (answer) setCommandId(answer.id); // undefined: cancelled
 * };
 * return <>{…}{password.modal}</>;
 * ```
 */
export function useControlPassword(): ControlPasswordApi {
  const [request, setRequest] = useState<Request | null>(null);
  const confirm = useCallback(
    <T,>(run: ControlRun<T>, text: { title?: ReactNode; description?: ReactNode } = {}) =>
      new Promise<T | undefined>((resolve) =>
        setRequest({ run, resolve: (r) => resolve(r as T | undefined), ...text }),
      ),
    [],
  );
  const finish = (result: unknown) => {
    request?.resolve(result);
    setRequest(null);
  };
  const modal = (
    <ControlPasswordModal<unknown>
      open={request !== null}
      run={request?.run ?? (() => Promise.resolve(undefined))}
      title={request?.title}
      description={request?.description}
      onDone={finish}
      onCancel={() => finish(undefined)}
    />
  );
  return { confirm, modal };
}
