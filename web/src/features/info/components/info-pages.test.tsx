import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { AboutPage } from './about-page';
import { FaqPage } from './faq-page';
import { HowToSchedulePage } from './how-to-schedule-page';
import { PrivacyPolicyPage } from './privacy-policy-page';

/* The links inside the pages' text come from the catalogues' markup: each keeps its words and its page. */
describe('information pages', () => {
  it('the FAQ links to the privacy policy, Delete Account and the contact page', () => {
    renderWithProviders(<FaqPage />);
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'Delete Account' })).toHaveAttribute('href', '/delete-account');
    expect(screen.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
  });

  it('About links to the contact page and the FAQ', () => {
    renderWithProviders(<AboutPage />);
    expect(screen.getByRole('link', { name: 'Tell us' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
  });

  it('How to schedule links to the screens it names', () => {
    renderWithProviders(<HowToSchedulePage />);
    for (const name of ['Tasks', 'Meetings', 'Dashboard', 'Archives | Reports', 'Leaves']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
  });

  it('the privacy policy is effective 08/20/2024 and links to Delete Account and the contact page', () => {
    renderWithProviders(<PrivacyPolicyPage />);
    expect(screen.getByText('Effective 08/20/2024')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'delete your account' })).toHaveAttribute('href', '/delete-account');
    expect(screen.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
  });
});
