import { expect, test, type Locator, type Page } from './support/test';
import { createVerifiedAccount, uniqueAccount } from './support/helpers';
import { signInWithCookies } from './support/records';

/*
 * The keyboard's focus outline on every button style (primary, secondary, ghost, danger, link, and the chosen page in
 * the sidebar), on the page and in a white dialog, in both themes: 3:1 or more against what lies behind it, and
 * against the button's own fill where it has one (a brand outline around a brand button read as the button itself).
 */
test.use({ reducedMotion: 'reduce' });

interface Ring {
  described: string;
  focusVisible: boolean;
  againstBehind: number;
  againstFill: number | null;
}

/** Focuses `target` as the keyboard does and measures its outline's contrast. */
async function ringOf(page: Page, target: Locator): Promise<Ring> {
  await expect(target).toBeVisible();
  // A key pressed first: Chromium then draws focus set from a script as keyboard focus (:focus-visible).
  await page.keyboard.press('Shift');
  await target.focus();
  return target.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    /** Any CSS colour (oklch included) as sRGB and alpha, as the browser paints it. */
    const rgba = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return { r: r!, g: g!, b: b!, a: a! / 255 };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100;
    };
    const style = getComputedStyle(element);
    const ring = rgba(style.outlineColor);
    // What lies behind the outline: the nearest ancestor with a solid background.
    let behind = { r: 255, g: 255, b: 255, a: 1 };
    for (let node = element.parentElement; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor);
      if (color.a >= 0.9) {
        behind = color;
        break;
      }
    }
    const fill = rgba(style.backgroundColor);
    return {
      described: `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') || element.textContent?.trim().slice(0, 40)}"`,
      focusVisible: element.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      againstBehind: contrast(ring, behind),
      againstFill: fill.a >= 0.9 ? contrast(ring, fill) : null,
    };
  });
}

async function expectVisibleRing(page: Page, target: Locator, where: string) {
  const ring = await ringOf(page, target);
  const what = `${where}: the focus outline of ${ring.described}`;
  expect.soft(ring.focusVisible, `${what} is not drawn`).toBe(true);
  expect.soft(ring.againstBehind, `${what} against what lies behind it`).toBeGreaterThanOrEqual(3);
  if (ring.againstFill !== null) expect.soft(ring.againstFill, `${what} against the button's fill`).toBeGreaterThanOrEqual(3);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`${colorScheme}: every button style shows its focus outline on the page and in a dialog`, async ({ page, context, request, baseURL }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'colours, the same at every size');
    await page.emulateMedia({ colorScheme });
    await page.goto('/breaks');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Welcome to Breaktime' })).toBeVisible();
    if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);

    await expectVisibleRing(page, main.getByRole('button', { name: 'Sign up', exact: true }), 'the Dashboard (primary)');
    await expectVisibleRing(page, main.getByRole('button', { name: 'Sign in', exact: true }), 'the Dashboard (secondary)');
    await expectVisibleRing(page, page.getByRole('button', { name: 'Daily Agenda' }), 'the top bar (ghost)');
    await expectVisibleRing(page, page.getByRole('banner').getByRole('button', { name: 'Sign Up' }), 'the top bar (primary)');
    const side = page.getByRole('complementary', { name: 'Side navigation' });
    await expectVisibleRing(page, side.getByRole('link', { name: 'Dashboard' }), 'the sidebar (the chosen page)');
    await expectVisibleRing(page, side.getByRole('link', { name: 'Tasks' }), 'the sidebar (a link)');

    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog).toBeVisible();
    await expectVisibleRing(page, dialog.getByRole('button', { name: 'Sign in', exact: true }), 'the Sign In dialog (primary)');
    await expectVisibleRing(page, dialog.getByRole('link', { name: 'Company account' }), 'the Sign In dialog (secondary)');
    await expectVisibleRing(page, dialog.getByRole('button', { name: 'Forgot password?' }), 'the Sign In dialog (link)');
    await expectVisibleRing(page, dialog.getByRole('button', { name: 'Close dialog' }), 'the Sign In dialog (close)');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The danger style, on the page and in its confirmation (nothing is deleted: the dialog is dismissed).
    const account = uniqueAccount(testInfo, `ring${colorScheme}`);
    await createVerifiedAccount(request, account);
    await signInWithCookies(context, request, baseURL!, account);
    await page.goto('/delete-account');
    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByLabel('Password').fill(account.password);
    await expectVisibleRing(page, form.getByRole('button', { name: 'Delete my account' }), 'Delete account (danger)');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: 'Delete your account?' });
    await expect(confirm).toBeVisible();
    await expectVisibleRing(page, confirm.getByRole('button', { name: 'Yes, delete my account' }), 'the confirmation (danger)');
    await expectVisibleRing(page, confirm.getByRole('button', { name: 'Cancel' }), 'the confirmation (secondary)');
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(form).toBeVisible();
  });
}
