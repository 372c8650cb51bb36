import { useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { usePublicSettings } from '@/lib/api/get-public-settings';
import { paths } from '@/lib/paths';
import { AuthShell } from '../components/auth-shell';
import { RegisterForm } from '../components/register-form';

/**
 * /join/{token}: a partner's recruit link (issue 21). Sign-up as on /login, and the new partner
 * joins the recruiter's team; the registration mode still decides (approval waits for an admin,
 * invite only takes no sign-up).
 */
export function JoinPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const { registrationMode, companyName } = usePublicSettings();
  if (registrationMode === 'invite_only') {
    return (
      <AuthShell title="Join the partner program" description={`${companyName} adds partners by invitation only.`}>
        <Alert tone="info">Ask the partner who shared this link, or the program, for an invitation.</Alert>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title="Join a partner team"
      description={
        registrationMode === 'approval'
          ? `Apply to the ${companyName} partner program on the team of the partner who invited you. An administrator reviews every application.`
          : `Create your ${companyName} partner account on the team of the partner who invited you.`
      }
    >
      <RegisterForm recruitToken={token} onSignIn={() => void navigate(paths.login)} />
    </AuthShell>
  );
}
