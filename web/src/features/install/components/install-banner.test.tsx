import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISMISSED_KEY, INSTALLED_KEY, isIosSafari } from '../hooks/use-install-banner';
import { InstallBanner } from './install-banner';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';

function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn().mockResolvedValue(undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('install banner', () => {
  afterEach(() => {
    // Forget any offered prompt the way the browser does once the app is installed.
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    vi.useRealTimers();
  });

  it('appears when the browser offers installation, and Install prompts and remembers the install', async () => {
    render(<InstallBanner />);
    expect(screen.queryByRole('region', { name: 'Install Breaktime' })).not.toBeInTheDocument();
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    const banner = screen.getByRole('region', { name: 'Install Breaktime' });
    expect(banner).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Install Breaktime' })).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALLED_KEY)).toBe('true');
  });

  it('stays away for the rest of the session once dismissed', async () => {
    const first = render(<InstallBanner />);
    offerInstall();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(sessionStorage.getItem(DISMISSED_KEY)).toBe('true');
    first.unmount();

    render(<InstallBanner />);
    offerInstall();
    expect(screen.queryByRole('region', { name: 'Install Breaktime' })).not.toBeInTheDocument();
  });

  it('is not shown when the app is already installed', () => {
    localStorage.setItem(INSTALLED_KEY, 'true');
    render(<InstallBanner />);
    offerInstall();
    expect(screen.queryByRole('region', { name: 'Install Breaktime' })).not.toBeInTheDocument();
  });

  it('on iOS Safari shows Add to Home Screen instructions after 1.5 s', () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    render(<InstallBanner />);
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.queryByRole('region', { name: 'Install Breaktime' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('region', { name: 'Install Breaktime' })).toHaveTextContent('Add to Home Screen');
  });

  it('recognises Safari on iPhone, iPad and iPadOS desktop mode, but not other iOS browsers', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 5)).toBe(true);
    expect(isIosSafari('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 0)).toBe(false);
  });
});
