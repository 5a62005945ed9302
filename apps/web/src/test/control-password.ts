import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/**
 * The control-password dialog once it is open. It is rendered hidden in advance
 * (`forceRender`), so finding it by test id alone may find it still closed, and typing into the
 * hidden form then confirms nothing.
 */
function openPasswordDialog(): Promise<HTMLElement> {
  return waitFor(
    () => {
      const open = screen.getAllByRole('dialog').find((d) => within(d).queryByTestId('control-password-input'));
      if (!open) throw new Error('the control-password dialog is not open');
      return open;
    },
    { timeout: 8_000 },
  );
}

/** Types the password into the open dialog and confirms; returns the dialog. */
export async function confirmControlPassword(password = 'right-pass-1'): Promise<HTMLElement> {
  const dialog = await openPasswordDialog();
  fireEvent.change(within(dialog).getByTestId('control-password-input'), { target: { value: password } });
  fireEvent.click(within(dialog).getByText('Confirm and deliver'));
  return dialog;
}
