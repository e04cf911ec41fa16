import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center py-16">
      <Spinner label={t('shell.loadingPage')} />
    </div>
  );
}
