import { Card } from '@/components/ui/card';
import { ContactForm } from './contact-form';

export function ContactPage() {
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <Card>
        <h2 className="mb-2 text-xl font-semibold">Send us a message</h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
          Whether you found a bug, want a feature, or need help with your team&apos;s account, write to us here. You do not need to be signed in.
        </p>
        <ContactForm />
      </Card>
      <Card className="space-y-3 text-sm text-slate-600 dark:text-slate-300">
        <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Before you write</h2>
        <p>Many answers are already in the FAQ: signing in, verifying your email, installing the app, and how breaks are counted.</p>
        <p>For account problems, write from the address you signed up with so we can find your account.</p>
        <p>We answer in English, usually within two working days. We never ask for your password.</p>
      </Card>
    </div>
  );
}
