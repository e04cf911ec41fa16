import { Card } from '@/components/ui/card';

export interface PagePlaceholderProps {
  title: string;
  description: string;
}

/** Stands in for a record screen until that screen is built. */
export function PagePlaceholder({ title, description }: PagePlaceholderProps) {
  return (
    <Card className="text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mx-auto mt-2 max-w-prose text-sm text-slate-600 dark:text-slate-300">{description}</p>
    </Card>
  );
}
