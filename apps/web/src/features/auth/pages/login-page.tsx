import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { HOME_PATH, isScreenFrom, PASSWORD_MIN } from '@ess/contract';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
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

/**
 * Sign-in (spec 2, 5, 7): trimmed user name, sealed password, optional remembered user name.
 * A `token` in the query signs in through a large-screen token; `from=screen…` with the
 * built-in screen account. Afterwards the `redirect` page opens, else the site home page.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const enterSession = useEnterSession();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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

  const submit = async (v: Values) => {
    setBusy(true);
    setError(null);
    try {
      const r = await login(v.username, v.password);
      if (v.remember) rememberStore.set(v.username.trim());
      else rememberStore.clear();
      enterSession(r.accessToken, { screenEntry: false, redirect });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('common.error'));
    } finally {
      setBusy(false);
    }
  };

  const remembered = rememberStore.get();
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
        <Form
          form={form}
          size="large"
          onFinish={(v) => void submit(v)}
          initialValues={{ username: remembered ?? '', remember: remembered !== null }}
          autoComplete="on"
        >
          <Form.Item
            name="username"
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder={t('login.username')}
              autoComplete="username"
              data-testid="login-username"
            />
          </Form.Item>
          <Form.Item
            name="password"
            rules={[
              { required: true, message: t('login.passwordRequired') },
              { min: PASSWORD_MIN, message: t('login.passwordMin', { min: PASSWORD_MIN }) },
            ]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>{t('login.remember')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
        <a className={styles.privacy} href="/app-privacy-zh.html">
          {t('login.privacy')}
        </a>
      </section>
    </div>
  );
}
