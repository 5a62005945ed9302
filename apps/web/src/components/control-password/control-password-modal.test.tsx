import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { type ControlCommandBody, controlApi, ResultCode, sessionApi } from '@ess/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '@/lib/api/client';
import { answer, apiServer, type Reply } from '@/test/api-server';
import { renderWithClient } from '@/test/session-fixtures';
import { useControlPassword } from '.';

// The real login cipher with a real key: the test opens what the dialog sent as the server would.
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const unwrap = (b64: string) =>
  privateDecrypt(
    { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(b64, 'base64'),
  );
function open(body: ControlCommandBody): string {
  const sealed = Buffer.from(body.password, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', unwrap(body.aesKey), unwrap(body.iv));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
}

const PASSWORD = 'right-pass-1';
/** Script RSA on a shared machine is slow. */
const SLOW = { timeout: 20_000 };

function Harness() {
  const password = useControlPassword();
  const [result, setResult] = useState('none');
  const deliver = async () => {
    const answer = await password.confirm((sealed, opts) =>
      call(controlApi.command, { deviceId: 3, pointCode: 'pSet', value: 50, ...sealed }, opts),
    );
    setResult(answer ? `command ${answer.id} ${answer.state}` : 'cancelled');
  };
  return (
    <>
      <Button onClick={() => void deliver()}>deliver</Button>
      <span data-testid="result">{result}</span>
      {password.modal}
    </>
  );
}

let bodies: ControlCommandBody[];

describe('control password dialog', () => {
  beforeEach(() => {
    bodies = [];
    // Plain HTTP pages have no crypto.subtle; the script cipher is the one jsdom can run.
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    apiServer.use(
      answer(sessionApi.publicKey, { publicKey: keys.publicKey, expiresInMs: 600_000 }),
      answer(controlApi.command, (body): Reply<typeof controlApi.command> => {
        bodies.push(body);
        return open(body) === PASSWORD
          ? { id: 41, state: 'sent' }
          : { fail: { status: 400, code: ResultCode.BAD_CREDENTIALS, msg: 'Incorrect password' } };
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const typeAndConfirm = (value: string) => {
    const dialog = screen.getByTestId('control-password-modal');
    fireEvent.change(within(dialog).getByTestId('control-password-input'), { target: { value } });
    fireEvent.click(within(dialog).getByText('Confirm and deliver'));
  };

  it('seals the password as sign-in does; a wrong one shows the server message and may be retried', async () => {
    renderWithClient(<Harness />);
    fireEvent.click(screen.getByText('deliver'));
    await screen.findByTestId('control-password-modal');

    typeAndConfirm('wrong-pass-1');
    expect((await screen.findByTestId('control-password-error', {}, SLOW)).textContent).toBe('Incorrect password');
    expect(screen.getByTestId('result').textContent).toBe('none');

    typeAndConfirm(PASSWORD);
    await waitFor(() => expect(screen.getByTestId('result').textContent).toBe('command 41 sent'), SLOW);
    expect(bodies).toHaveLength(2);
    for (const b of bodies) {
      expect(Object.keys(b).sort()).toEqual(['aesKey', 'deviceId', 'iv', 'password', 'pointCode', 'value']);
      expect(JSON.stringify(b)).not.toContain('pass-1');
    }
    expect(bodies.map(open)).toEqual(['wrong-pass-1', PASSWORD]);
  }, 60_000);

  it('checks the length before sealing, and resolves undefined when cancelled', async () => {
    renderWithClient(<Harness />);
    fireEvent.click(screen.getByText('deliver'));
    await screen.findByTestId('control-password-modal');
    typeAndConfirm('12345');
    expect(await screen.findByText('Password must be 6 to 18 characters')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('control-password-modal')).getByText('Cancel'));
    await waitFor(() => expect(screen.getByTestId('result').textContent).toBe('cancelled'));
    expect(bodies).toHaveLength(0);
  });
});
