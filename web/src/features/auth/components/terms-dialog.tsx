import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export const TERMS_EFFECTIVE_DATE = '08/20/2024';

const sections: Array<{ title: string; body: string[] }> = [
  {
    title: '1. Introduction',
    body: [
      'These Terms and Conditions govern your use of Breaktime, a web application for logging breaks, tasks, leaves, meetings and a daily checklist, including its installable app and its in-app assistant, Break Buddy.',
      'By creating an account or using Breaktime you agree to these terms. If you do not agree, please do not use the service.',
    ],
  },
  {
    title: '2. Definitions',
    body: [
      '"Breaktime", "we" and "us" mean the Breaktime service and the people who operate it. "You" and "user" mean any person who visits the site or holds an account.',
      '"Team" means a group of users who share a member count and management views. "Records" means the breaks, tasks, leaves, meetings, checklist items and messages you enter. "Content" means any text you submit, including records and messages to support.',
    ],
  },
  {
    title: '3. User Obligations',
    body: [
      'You must give a valid email address, keep your password secret, and tell us at once if you believe someone else has used your account. You are responsible for activity under your account.',
      'You agree not to misuse the service: no attempts to reach other users\u2019 data, to overload or probe the service, to send automated requests beyond normal use, or to enter unlawful, harmful or misleading content.',
      'If you use Breaktime for your employer, you confirm that doing so is allowed by your employer\u2019s rules.',
    ],
  },
  {
    title: '4. Intellectual Property',
    body: [
      'Breaktime is open-source software. The source code is available under its published licence, which governs copying and changing the code. The Breaktime name, logo and the content of this site remain ours.',
      'Nothing in these terms gives you the right to use the Breaktime name or logo in a way that suggests endorsement.',
    ],
  },
  {
    title: '5. User-Generated Content',
    body: [
      'You keep ownership of the records and content you enter. You give us the limited right to store, process and display them only as needed to run the service for you and your team.',
      'You are responsible for your content. We may remove content that breaks these terms or the law.',
    ],
  },
  {
    title: '6. Privacy Policy',
    body: [
      'Our Privacy Policy explains what we collect (your name, email address, the records you enter and basic technical data), why we collect it and how long we keep it. It is part of these terms; you can read it at /privacy-policy.',
      'Questions sent to Break Buddy are processed to produce an answer and proposed records; do not include information you do not want processed.',
    ],
  },
  {
    title: '7. Limitation of Liability',
    body: [
      'Breaktime is provided "as is" and "as available". We work to keep it reliable and your data safe, but we do not promise that it will be uninterrupted or error-free, or that records will be suitable as official time-keeping or payroll evidence.',
      'To the extent the law allows, we are not liable for indirect or consequential loss, lost profits or lost data arising from your use of the service.',
    ],
  },
  {
    title: '8. Termination',
    body: [
      'You may stop using Breaktime and delete your account at any time from the Delete Account page; your records are then removed as described in the Privacy Policy.',
      'We may suspend or close an account that breaks these terms, puts the service or other users at risk, or has been inactive for a long time, and will tell you by email where we reasonably can.',
    ],
  },
  {
    title: '9. Changes to Terms',
    body: [
      'We may update these terms. When we make a material change we will update the effective date above and tell signed-in users in the app or by email. Continuing to use Breaktime after a change means you accept the new terms.',
    ],
  },
  {
    title: '10. Contact Information',
    body: ['Questions about these terms? Use the Support | Feedback item in the side navigation or the Contact page at /contact and we will answer by email.'],
  },
];

export function TermsContent() {
  return (
    <div className="space-y-5 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
      <p className="font-medium">Effective date: {TERMS_EFFECTIVE_DATE}</p>
      {sections.map((section) => (
        <section key={section.title} className="space-y-2">
          <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">{section.title}</h3>
          {section.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} size="lg" title="Terms and Conditions" onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <TermsContent />
    </Modal>
  );
}
