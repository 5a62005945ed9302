import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { HOME_PATH, isScreenFrom, PASSWORD_MIN, ResultCode } from '@ess/contract';
import { Alert, Button, Checkbox, Input } from 'antd';
import type { TFunction } from 'i18next';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api/api-error';
import { bigTokenLogin, login, screenLogin } from '@/lib/session/api/login';
import { safeRedirect } from '@/lib/session/redirect';
import { useEnterSession } from '@/lib/session/use-enter-session';
import { rememberStore } from '@/lib/storage';
import { LoginLanguage } from '../components/login-language';
import styles from './login-page.module.css';

type Values = { username: string; password: string; remember: boolean };
type Field = 'username' | 'password';

/**
 * A sign-in the server sent away as busy (a shift change on a full machine: 503 with
 * Retry-After) comes back by itself after the wait, this many times, a random second later so a
 * room sent away together does not return together.
 */
const BUSY_RETRIES = 10;
const BUSY_JITTER_MS = 1_000;
/** When a busy answer names no wait. */
const BUSY_DEFAULT_S = 3;

/**
 * The form's rules (spec 5): a user name that is not only blanks, a password of at least
 * PASSWORD_MIN characters. A plain form with antd's inputs: antd's Form (with its validator)
 * would add ~20 KiB (gzip) to the page everyone loads first.
 */
function fieldError(field: Field, v: Values, t: TFunction): string | null {
  if (field === 'username') return v.username.trim() === '' ? t('login.usernameRequired') : null;
  if (v.password === '') return t('login.passwordRequired');
  return v.password.length < PASSWORD_MIN ? t('login.passwordMin', { min: PASSWORD_MIN }) : null;
}

/**
 * Sign-in (spec 2, 5, 7): trimmed user name, sealed password, optional remembered user name.
 * A `token` in the query signs in through a large-screen token; `from=screen…` with the
 * built-in screen account. Afterwards the `redirect` page opens, else the site home page.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const enterSession = useEnterSession();
  const [values, setValues] = useState<Values>(() => {
    const remembered = rememberStore.get();
    return { username: remembered ?? '', password: '', remember: remembered !== null };
  });
  // A field shows its rule once it was changed or a submit was tried, as antd's Form does.
  const [touched, setTouched] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The busy server's message and the seconds until the sign-in comes back by itself. */
  const [waiting, setWaiting] = useState<{ text: string; seconds: number } | null>(null);
  const retry = useRef<number | null>(null);
  const redirect = safeRedirect(params.get('redirect'), HOME_PATH);
  const token = params.get('token');
  const from = params.get('from');
  const auto = useRef(false);

  // A large-screen token or `from=screen…` in the query signs in without the form, once.
  useEffect(() => {
    const attempt = token ? () => bigTokenLogin(token) : isScreenFrom(from) ? () => screenLogin(from) : null;
    if (auto.current || !attempt) return;
    auto.current = true;
    setBusy(true);
    attempt()
      .then((r) => enterSession(r.accessToken, { screenEntry: true, redirect }))
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : t('login.tokenFailed')))
      .finally(() => setBusy(false));
  }, [token, from, redirect, enterSession, t]);

  const stopRetry = () => {
    if (retry.current !== null) window.clearTimeout(retry.current);
    retry.current = null;
    setWaiting(null);
  };
  // Leaving the page drops a sign-in still waiting to come back (only the ref: no state to set then).
  useEffect(
    () => () => {
      if (retry.current !== null) window.clearTimeout(retry.current);
    },
    [],
  );

  const errorOf = (field: Field) => (touched[field] ? fieldError(field, values, t) : null);
  const edit = (field: Field, text: string) => {
    // Changed their mind while waiting: the waiting sign-in does not come back.
    if (retry.current !== null) {
      stopRetry();
      setBusy(false);
    }
    setValues((v) => ({ ...v, [field]: text }));
    setTouched((s) => ({ ...s, [field]: true }));
  };
  /** What the user name and password inputs share: value, rule state and labels. */
  const fieldProps = (field: Field, error: string | null) => ({
    size: 'large' as const,
    name: field,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => edit(field, e.target.value),
    status: error ? ('error' as const) : undefined,
    'aria-invalid': error !== null,
    placeholder: t(`login.${field}`),
    'aria-label': t(`login.${field}`),
  });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTouched({ username: true, password: true });
    if (busy || fieldError('username', values, t) || fieldError('password', values, t)) return;
    void submit(values);
  };

  const submit = async (v: Values, attempt = 0) => {
    setBusy(true);
    setError(null);
    retry.current = null;
    try {
      const r = await login(v.username, v.password);
      setWaiting(null);
      if (v.remember) rememberStore.set(v.username.trim());
      else rememberStore.clear();
      enterSession(r.accessToken, { screenEntry: false, redirect });
    } catch (e) {
      if (e instanceof ApiError && e.code === ResultCode.PASSWORD_BUSY && attempt < BUSY_RETRIES) {
        const seconds = e.retryAfterS ?? BUSY_DEFAULT_S;
        setWaiting({ text: e.message, seconds });
        const delay = seconds * 1000 + Math.random() * BUSY_JITTER_MS;
        retry.current = window.setTimeout(() => void submit(v, attempt + 1), delay);
        return;
      }
      setWaiting(null);
      setError(e instanceof ApiError ? e.message : t('common.error'));
    }
    setBusy(false);
  };

  const usernameError = errorOf('username');
  const passwordError = errorOf('password');
  return (
    <div className={styles.page}>
      <div className={styles.corner}>
        <LoginLanguage />
      </div>
      <section className={styles.hero}>
        <img src="/favicon.svg" alt="" className={styles.heroLogo} />
        <h1>{t('app.title')}</h1>
        <p>{t('login.subtitle')}</p>
        <ul>
          <li>{t('login.point1')}</li>
          <li>{t('login.point2')}</li>
          <li>{t('login.point3')}</li>
        </ul>
      </section>
      <section className={styles.card}>
        <h2>{t('login.title')}</h2>
        {error && <Alert type="error" showIcon message={error} className={styles.error} data-testid="login-error" />}
        {waiting && (
          <Alert
            type="warning"
            showIcon
            message={waiting.text}
            description={t('login.retrying', { seconds: waiting.seconds })}
            className={styles.error}
            data-testid="login-waiting"
          />
        )}
        <form onSubmit={onSubmit} autoComplete="on" noValidate>
          <div className={styles.field}>
            <Input
              {...fieldProps('username', usernameError)}
              prefix={<UserOutlined />}
              autoComplete="username"
              data-testid="login-username"
            />
            <div className={styles.fieldError} role="alert">
              {usernameError}
            </div>
          </div>
          <div className={styles.field}>
            <Input.Password
              {...fieldProps('password', passwordError)}
              prefix={<LockOutlined />}
              autoComplete="current-password"
              data-testid="login-password"
            />
            <div className={styles.fieldError} role="alert">
              {passwordError}
            </div>
          </div>
          <div className={styles.field}>
            <Checkbox
              checked={values.remember}
              onChange={(e) => setValues((v) => ({ ...v, remember: e.target.checked }))}
            >
              {t('login.remember')}
            </Checkbox>
          </div>
          <Button type="primary" size="large" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </form>
        <a className={styles.privacy} href="/app-privacy-zh.html">
          {t('login.privacy')}
        </a>
      </section>
    </div>
  );
}
