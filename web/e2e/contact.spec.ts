import { expect, test } from './support/test';

test('a signed-out visitor sends a message through Support | Feedback', async ({ page }, testInfo) => {
  await page.goto('/breaks');
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Toggle side navigation' }).click();
  await page.getByRole('complementary', { name: 'Side navigation' }).getByRole('button', { name: 'Support | Feedback' }).click();

  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please provide a valid email.')).toBeVisible();
  await expect(dialog.getByText('Subject is required.')).toBeVisible();
  await expect(dialog.getByText('Description is required.')).toBeVisible();

  await dialog.getByLabel('Your email').fill(`visitor-${testInfo.project.name}@example.com`);
  await dialog.getByLabel('Subject').fill('Feedback from the e2e suite');
  await dialog.getByLabel('Message').fill('The dashboard reads well on my phone.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Message sent successfully.' })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('the contact page works the same without signing in', async ({ page }, testInfo) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact us' });
  await form.getByLabel('Your email').fill(`page-${testInfo.project.name}@example.com`);
  await form.getByLabel('Subject').fill('Question');
  await form.getByLabel('Message').fill('Can a team have two administrators?');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Message sent successfully.' })).toBeVisible();
});
