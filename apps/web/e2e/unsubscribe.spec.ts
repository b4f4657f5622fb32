import type { AuthResponse, MarketingPreferences } from '@soko/contract';
import { expect, test } from './fixtures';
import { mailTo } from './mailbox';
import { uniqueEmail } from './shopping';

// Unsubscribing as a person does it (issue 30, decision 033): from the link in a newsletter the
// server really mailed (read from the run's loopback SMTP server), through the page's
// confirmation. Opening the link alone changes nothing: mail scanners follow links.

test('a subscriber opens the unsubscribe link of a newsletter, confirms, and gets no more', async ({
  page,
  api,
  baseURL,
}) => {
  const email = uniqueEmail('unsubscribe');
  const { token } = await api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Wanjiku',
    lastName: 'Mwangi',
    email,
    password: 'a-long-password',
  });
  await api.post('/api/newsletter/create', { email }, { token });
  const admin = await api.post<AuthResponse>('/api/user/signin', {
    email: 'admin@soko.test',
    password: 'soko-demo-pass',
  });
  await api.post(
    '/api/admin/newsletter/send',
    { subject: 'New arrivals this week', body: 'Shea butter and baobab oil are back in stock.' },
    { token: admin.token },
  );

  const mail = await mailTo(email);
  expect(mail).toContain('Shea butter and baobab oil are back in stock.');
  // Long headers are folded onto a second line (RFC 5322 2.2.3): read them unfolded.
  const headers = mail.slice(0, mail.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  // The one-click address in the header, and the page's link in the text for people.
  expect(headers).toMatch(/^List-Unsubscribe: <http\S+\/api\/unsubscribe\/[A-Za-z0-9_-]+>\r?$/m);
  const link = /^(http\S+\/unsubscribe\/[A-Za-z0-9_-]+)\r?$/m.exec(mail)?.[1];
  expect(link, mail).toBeDefined();
  expect(link?.startsWith(`${baseURL}/unsubscribe/`)).toBe(true);
  const subscribed = () => api.get<MarketingPreferences>('/api/user/marketing', { token });

  await page.goto(link ?? '');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  const confirm = main.getByRole('button', { name: 'Unsubscribe' });
  await expect(confirm).toBeVisible();
  expect((await subscribed()).newsletter).toBe(true);

  await confirm.click();
  await expect(main.getByRole('status')).toHaveText(
    'You are unsubscribed. We will send you no more newsletters.',
  );
  await expect(confirm).toBeHidden();
  expect((await subscribed()).newsletter).toBe(false);
});
