import { Spinner } from '@/components/ui/spinner';

export function PageSpinner() {
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Loading page" />
    </div>
  );
}
