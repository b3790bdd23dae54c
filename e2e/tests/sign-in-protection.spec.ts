import { expect, test } from '@playwright/test';
import { API_PATHS, ERROR_MESSAGES, UI_MESSAGES } from '@matchwerk/shared';
import { e2eEnv } from '../support/e2e-env';
import { createEmployer } from '../support/employer';
import { heading, signInViaForm } from '../support/fixtures';
import { authActionLink, mailsTo, waitForMail } from '../support/mailbox';

test('after 10 wrong passwords from this browser the owner gets back in through the mailed unlock link (ADR 0013)', async ({
  page,
  request,
}) => {
  // Created through its own request context: this browser has no device cookie for the account yet.
  const employer = await createEmployer(request);
  for (let i = 0; i < 10; i++) {
    const wrong = await page.request.post(API_PATHS.signIn, {
      headers: { Origin: e2eEnv.baseUrl },
      data: { email: employer.email, password: `falsches-Passwort-${i}-xyz` },
    });
    expect(wrong.status()).toBe(401);
  }

  await signInViaForm(page, employer.email, employer.password);
  await expect(page.getByText(ERROR_MESSAGES.SIGN_IN_THROTTLED)).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);

  const before = mailsTo(employer.email).length;
  await page.getByRole('button', { name: 'Entsperr-Link per E-Mail senden' }).click();
  await expect(page.getByText(UI_MESSAGES.signInUnlockSent)).toBeVisible();
  const mail = await waitForMail(employer.email, /entsperren/i, before);
  const link = authActionLink(mail);
  expect(link).toContain('mode=unlockSignIn');

  await page.goto(link);
  await expect(page.getByText(UI_MESSAGES.signInUnlocked)).toBeVisible();
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await signInViaForm(page, employer.email, employer.password);
  await expect(heading(page, 'Mein Unternehmen')).toBeVisible();
});
