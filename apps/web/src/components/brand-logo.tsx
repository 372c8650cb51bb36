import { usePublicSettings } from '@/lib/api/get-public-settings';
import { Logo } from './logo';

/** The reseller's logo or name from the brand settings (neutral while they load). */
export function BrandLogo({ className }: { className?: string }) {
  const { companyName, logoUrl } = usePublicSettings();
  return <Logo className={className} name={companyName} logoUrl={logoUrl} />;
}
