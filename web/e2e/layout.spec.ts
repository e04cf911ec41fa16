import { expect, test } from '@playwright/test';

const pages = ['/breaks', '/about', '/faq', '/privacy-policy', '/how-to-schedule', '/contact', '/delete-account', '/signin', '/signup'];

test('every shell page fits a 375 px phone without sideways scrolling', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'phone layout');
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});

test('buttons and links in the top bar and dialogs are at least 44 px tall', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'touch targets');
  await page.goto('/breaks');
  const targets = page.getByRole('banner').locator('button:visible, a:visible');
  for (const box of await targets.evaluateAll((elements) =>
    elements.map((el) => ({ text: el.textContent || el.getAttribute('aria-label'), height: el.getBoundingClientRect().height })),
  )) {
    // Rounded to a hundredth: layout can give 43.99997 px for a 44 px box (seen on the phone viewport).
    expect(Math.round(box.height * 100) / 100, `${box.text} is too small to tap`).toBeGreaterThanOrEqual(44);
  }
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  for (const box of await dialog
    .locator('button:visible, a:visible, input:visible')
    .evaluateAll((elements) =>
      elements.map((el) => ({ text: el.textContent || el.getAttribute('aria-label') || el.getAttribute('type'), height: el.getBoundingClientRect().height })),
    )) {
    if (box.text === 'checkbox') continue;
    // Rounded to a hundredth: layout can give 43.99997 px for a 44 px box (seen on the phone viewport).
    expect(Math.round(box.height * 100) / 100, `${box.text} is too small to tap`).toBeGreaterThanOrEqual(44);
  }
});

test('the sidebar, breadcrumb, footer and dark mode', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/breaks$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Pages');
  const footer = page.getByRole('contentinfo');
  for (const [name, path] of [
    ['Contact', '/contact'],
    ['About', '/about'],
    ['Privacy', '/privacy-policy'],
    ['FAQ', '/faq'],
    ['Focus', '/how-to-schedule'],
  ]) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', path);
  }

  if (testInfo.project.name === 'phone') {
    await expect(page.locator('#sidebar')).toBeHidden();
    await page.getByRole('button', { name: 'Toggle side navigation' }).click();
  }
  const side = page.getByRole('complementary', { name: 'Side navigation' });
  await side.getByRole('link', { name: 'Meetings' }).click();
  await expect(page).toHaveURL(/\/meetings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible();
  if (testInfo.project.name === 'phone') await expect(page.locator('#sidebar')).toBeHidden();

  await page.getByRole('button', { name: 'Display options' }).click();
  await page.getByRole('switch', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/breaks$/);
});
