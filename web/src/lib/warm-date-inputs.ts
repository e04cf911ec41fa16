import { nextTask } from './next-task';

/**
 * Pays Chromium's one-time cost of date inputs before a page that shows them on its first screen is drawn. The first
 * date input a page builds takes 10 to 30 ms (the locale's date formats for its fields, then its first layout: the
 * fields and the calendar button); later ones well under a millisecond. Inside the first render's commit that was
 * one long task; here it is two short ones: one input is made, then laid out out of sight, then removed.
 */
export async function warmDateInputs(): Promise<void> {
  const input = document.createElement('input');
  input.type = 'date';
  input.value = '2000-01-01';
  input.tabIndex = -1;
  await nextTask();
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:absolute;top:0;left:0;width:0;height:0;overflow:hidden;visibility:hidden;contain:strict';
  box.append(input);
  document.body.append(box);
  // Reading the size lays the input out now, in this task.
  void input.getBoundingClientRect();
  await nextTask();
  box.remove();
}
